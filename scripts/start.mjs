// `npm start`: builds when the sources are newer than the last build, then serves the portal.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(root, '.build-stamp');
const sources = [
  'packages/contract/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'package-lock.json',
];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (changed > built || !existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.info('Building the portal (sources changed since the last build)…');
  const result = spawnSync('node', [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const envFile = path.join(root, '.env');
const nodeArgs = ['--enable-source-maps', ...(existsSync(envFile) ? [`--env-file=${envFile}`] : [])];
// The server prints outbox mail only in development; `npm start` runs in production mode, so on a
// machine without SMTP the codes of invitations and activations could not be read. Turn printing on
// here, only when nothing (environment or .env) chose SMTP or the outbox log, and say so.
const chosen = { ...(existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {}), ...process.env };
const outboxLog = chosen.SMTP_URL || chosen.OUTBOX_LOG_TEXT ? {} : { OUTBOX_LOG_TEXT: 'true' };
if (outboxLog.OUTBOX_LOG_TEXT) {
  console.warn(
    'No SMTP_URL: e-mails stay in the outbox and their text, sign-in codes included, is printed to this ' +
      'log. Set SMTP_URL (or OUTBOX_LOG_TEXT=false) on a server whose log others can read.',
  );
}
const server = spawn('node', [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, ...outboxLog },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

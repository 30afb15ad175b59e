// `npm start`: builds when the sources are newer than the last build, then serves the portal.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { isStale } from './lib/build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = [
  'packages/contract/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'package-lock.json',
];

if (isStale('.build-stamp', sources) || !existsSync(path.join(root, 'apps/server/dist/main.js'))) {
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
    'No SMTP_URL: e-mails are written as .eml files to the outbox folder of DATA_DIR and their text, ' +
      'sign-in codes included, is printed to this log. Set SMTP_URL (or OUTBOX_LOG_TEXT=false) on a ' +
      'server whose log others can read.',
  );
}
const server = spawn('node', [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, ...outboxLog },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm run seed:demo`: fills the configured database (DATABASE_URL, or the PGlite files in DATA_DIR)
// with demo agencies, families and conversations, and prints the logins. Idempotent: run it again and
// nothing is duplicated. DEMO_PASSWORD chooses the demo accounts' password (default Demo-Pass-1).
// With PGlite, stop the server first: only one process may open the data directory.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(root, 'apps/server/dist/modules/demo/run-seed.js');
const sources = ['packages/contract/src', 'apps/server/src', 'apps/server/drizzle'];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, name)));
  return latest;
}

const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
if (Math.max(...sources.map((s) => newest(path.join(root, s)))) > built) {
  console.info('Building the server (sources changed since the last build)…');
  const result = spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
process.env.LOG_LEVEL ||= 'warn';
process.env.DATA_DIR ||= path.join(root, 'data');

const { runSeedDemo } = await import(entry);
await runSeedDemo({ password: process.env.DEMO_PASSWORD });

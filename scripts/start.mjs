// `npm start`: builds when the sources are newer than the last build, then serves the portal.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './lib/build-state.mjs';
import { runServerEntry } from './lib/run-entry.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = [
  'packages/contract/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'scripts/lib/precompress.mjs',
  'package-lock.json',
];

if (isStale('.build-stamp', sources) || !existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.info('Building the portal (sources changed since the last build)…');
  const result = spawnSync('node', [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

runServerEntry('main.js');

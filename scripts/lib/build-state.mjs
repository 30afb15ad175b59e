// What the scripts share: whether a build is older than its sources, building the server (or the whole
// portal) when it is, and a free loopback port for a server they start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The newest modification time of a file or anything below a folder (0 when missing). */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, name)));
  return latest;
}

/** Whether any of `sources` (paths below the root) changed after `built` (a file below the root). */
function isStale(built, sources) {
  const builtAt = existsSync(path.join(root, built)) ? statSync(path.join(root, built)).mtimeMs : 0;
  return Math.max(...sources.map((s) => newest(path.join(root, s)))) > builtAt;
}

/**
 * Compiles the server (and the contract) when its sources are newer than its last build; exits on
 * failure. `tsc -b` writes dist/.tsbuildinfo on every build but leaves a file whose text did not change
 * alone, so that file, not main.js, says when the build last caught up with its sources.
 */
export function buildServerIfStale(say = console.error) {
  if (
    !isStale('apps/server/dist/.tsbuildinfo', [
      'packages/contract/src',
      'apps/server/src',
      'apps/server/drizzle',
    ])
  ) {
    return;
  }
  say('Building the server (sources changed since the last build)…');
  const result = spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** What `npm start` serves is built from these (paths below the root). */
const PORTAL_SOURCES = [
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

/** Builds the server and the web app (scripts/build.mjs) when their sources are newer than the last build. */
export function buildPortalIfStale(say = console.error) {
  if (!isStale('.build-stamp', PORTAL_SOURCES) && existsSync(path.join(root, 'apps/server/dist/main.js')))
    return;
  say('Building the portal (sources changed since the last build)…');
  const result = spawnSync('node', [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A port nothing listens on at 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

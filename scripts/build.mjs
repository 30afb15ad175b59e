// Builds everything `npm start` serves: the contract and server (tsc -b), the portal's web app and the
// families' app (vite).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });

run('npx', ['tsc', '-b']);
run('npx', ['vite', 'build', '--logLevel', 'warn'], `${root}/apps/web`);
run('npx', ['vite', 'build', '--logLevel', 'warn'], `${root}/apps/family`);
writeFileSync(`${root}/.build-stamp`, new Date().toISOString());
console.info('build complete');

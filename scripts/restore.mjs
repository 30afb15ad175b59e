// `npm run restore -- <folder>`: checks a backup against its manifest, then restores it into an empty
// DATA_DIR (PGlite) or an empty DATABASE_URL database and an empty DATA_DIR. docs/deployment.md, 'Backups'.
import path from 'node:path';
import { buildServerIfStale, root } from './lib/build-state.mjs';
import { useCommandEnvironment } from './lib/run-entry.mjs';

buildServerIfStale();
useCommandEnvironment();

const { runRestore } = await import(path.join(root, 'apps/server/dist/ops/run-backup.js'));
await runRestore(process.argv.slice(2));

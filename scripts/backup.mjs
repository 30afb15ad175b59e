// `npm run backup -- <folder>`: writes a backup of the configured portal (DATABASE_URL, or the PGlite
// files in DATA_DIR; the token key, stored files and outbox) into a new folder. On PGlite, stop the
// portal first. What it does and how to restore: docs/deployment.md, 'Backups'.
import path from 'node:path';
import { buildServerIfStale, root } from './lib/build-state.mjs';
import { useCommandEnvironment } from './lib/run-entry.mjs';

buildServerIfStale();
useCommandEnvironment();

const { runBackup } = await import(path.join(root, 'apps/server/dist/ops/run-backup.js'));
await runBackup(process.argv.slice(2));

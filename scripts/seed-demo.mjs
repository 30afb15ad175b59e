// `npm run seed:demo`: fills the configured database (DATABASE_URL, or the PGlite files in DATA_DIR)
// with demo agencies, families and conversations, and prints the logins. Idempotent: run it again and
// nothing is duplicated. DEMO_PASSWORD chooses the demo accounts' password (default Demo-Pass-1).
// With PGlite, stop the server first: only one process may open the data directory.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from './lib/build-state.mjs';
import { useCommandEnvironment } from './lib/run-entry.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(root, 'apps/server/dist/seeds/demo/run-seed.js');

buildServerIfStale();

useCommandEnvironment();

const { runSeedDemo } = await import(entry);
await runSeedDemo({ password: process.env.DEMO_PASSWORD });

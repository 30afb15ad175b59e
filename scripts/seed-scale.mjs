// `npm run seed:scale -- [--families 100000] [--messages 1000000] [--entities 1000]
//   [--channel-messages 10000] [--json]`: fills the
// configured database (DATABASE_URL, or the PGlite files in DATA_DIR) with data at scale for benchmarks
// and manual checks, and prints the rows made, the time taken and the logins (SCALE_PASSWORD, default
// Scale-Pass-1). Run it on an empty or demo database; a second run adds nothing.
// With PGlite, stop the server first: only one process may open the data directory.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServerIfStale } from './lib/build-state.mjs';
import { useCommandEnvironment } from './lib/run-entry.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(root, 'apps/server/dist/seeds/scale/run-seed-scale.js');

const { values } = parseArgs({
  options: {
    families: { type: 'string', default: '100000' },
    messages: { type: 'string', default: '1000000' },
    entities: { type: 'string', default: '1000' },
    /** The bench family's long channel: this many of the messages. */
    'channel-messages': { type: 'string', default: '10000' },
    json: { type: 'boolean', default: false },
  },
});
const count = (name) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, not ${values[name]}`);
    process.exit(2);
  }
  return n;
};
const options = {
  families: count('families'),
  messages: count('messages'),
  entities: count('entities'),
  channelMessages: count('channel-messages'),
  json: values.json,
};

buildServerIfStale();

useCommandEnvironment();

const { runSeedScale } = await import(entry);
await runSeedScale({ ...options, password: process.env.SCALE_PASSWORD });

// The benchmarks' data: the scale seed (scripts/seed-scale.mjs) run once on a database, its summary (the
// logins and the bench entity's family and channel ids) kept beside a kept database for the next run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-state.mjs';

/** The PGlite data directory the benches share for a size of data (seeding 100 000 families takes minutes). */
export const pgliteDataDir = (families, messages) =>
  path.join(root, 'bench/.data', `pglite-f${families}-m${messages}`);

/**
 * Runs `npm run seed:scale` against the database named by `env`; answers its JSON summary. A kept
 * database's summary is kept in `summaryFile` and read from there next time.
 */
export function seedScale(env, summaryFile, { families, messages, entities, channelMessages }) {
  if (summaryFile && existsSync(summaryFile))
    return { ...JSON.parse(readFileSync(summaryFile, 'utf8')), alreadySeeded: true };
  const started = Date.now();
  const result = spawnSync(
    'node',
    [
      path.join(root, 'scripts/seed-scale.mjs'),
      '--families',
      String(families),
      '--messages',
      String(messages),
      ...(entities ? ['--entities', String(entities)] : []),
      ...(channelMessages ? ['--channel-messages', String(channelMessages)] : []),
      '--json',
    ],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error('seeding failed');
  }
  const summary = JSON.parse(result.stdout.trim().split('\n').at(-1));
  if (summaryFile) {
    // bench/.data is not in a fresh clone: a kept PostgreSQL database's summary is its first file.
    mkdirSync(path.dirname(summaryFile), { recursive: true });
    writeFileSync(summaryFile, JSON.stringify(summary));
  }
  return { ...summary, wallMs: Date.now() - started };
}

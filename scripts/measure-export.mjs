// `npm run bench:export`: builds the transcript of the scale data's bench channel with its pictures (one
// message in 50, up to 1 000), and without them, and prints time, size, pages and peak memory. Run
// `npm run seed:scale` first (same DATABASE_URL or DATA_DIR; `--channel-messages 100000` for the long
// channel); with PGlite, stop the server first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from './lib/build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
buildServerIfStale();
const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
process.env.LOG_LEVEL ||= 'warn';
process.env.DATA_DIR ||= path.join(root, 'data');

const { runMeasureExport } = await import(path.join(root, 'apps/server/dist/seeds/scale/measure-export.js'));
const results = await runMeasureExport();
const lines = ['| transcript | time | size | pages | peak RSS |', '|---|---:|---:|---:|---:|'];
for (const r of results) {
  lines.push(
    `| ${r.label} | ${(r.ms / 1000).toFixed(1)} s | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${r.pages} | ${r.peakRssMb} MB |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);

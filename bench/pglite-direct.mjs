// Run by `npm run bench` (PGlite) after the measured server stopped: PGlite executing each route's SQL
// statements itself, opened as the server opens it (its own thread, the same data directory), with as
// many concurrent callers as the route had connections, for the same duration. One run = one request's
// statements, with the parameters the route sent. Prints one JSON line: runs per second per route.
// Input: a JSON file { dataDir, duration, connections, routes: { name: [{ text, params }] } }.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { dataDir, duration, connections, routes } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { PGliteThread } = await import(
  pathToFileURL(
    path.join(
      process.env.BENCH_SERVER_DIST ?? fileURLToPath(new URL('../apps/server/dist', import.meta.url)),
      'db/pglite-thread.js',
    ),
  ).href
);
const db = await PGliteThread.create({ dataDir });

/** One request's statements; begin … commit run as one transaction of the thread, as drizzle's do. */
async function runOnce(statements) {
  for (let i = 0; i < statements.length; i += 1) {
    const { text, params } = statements[i];
    if (/^begin\b/i.test(text)) {
      const end = statements.findIndex((s, k) => k > i && /^(commit|rollback)\b/i.test(s.text));
      const inner = statements.slice(i + 1, end);
      await db.transaction(async (tx) => {
        for (const s of inner) await tx.query(s.text, s.params, { rowMode: 'array' });
      });
      i = end;
    } else {
      await db.query(text, params, { rowMode: 'array' });
    }
  }
}

const rates = {};
for (const [name, statements] of Object.entries(routes)) {
  for (let i = 0; i < 20; i += 1) await runOnce(statements);
  let runs = 0;
  const until = performance.now() + duration * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await runOnce(statements);
        runs += 1;
      }
    }),
  );
  rates[name] = Math.round((runs / ((performance.now() - started) / 1000)) * 10) / 10;
  process.stderr.write(`  PGlite direct ${name}: ${rates[name]}/s\n`);
}
await db.close();
console.info(JSON.stringify(rates));

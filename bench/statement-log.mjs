// Preloaded (node --import) into the server that `npm run bench` starts once to learn which SQL statements
// each route sends: every statement given to `pg` or to the PGlite thread is appended to
// BENCH_STATEMENT_LOG as one JSON line (text, parameters as PostgreSQL receives them, statement name),
// so that pgbench and the in-process PGlite loop can run exactly those. Never loaded by the portal.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const file = process.env.BENCH_STATEMENT_LOG;
const require = createRequire(import.meta.url);
const pg = require('pg');
const { prepareValue } = require('pg/lib/utils');

function record(text, values, name) {
  const params = (values ?? []).map((v) => {
    const prepared = prepareValue(v);
    return prepared instanceof Buffer ? prepared.toString() : prepared;
  });
  appendFileSync(file, `${JSON.stringify({ text, params, name: name ?? null })}\n`);
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  if (typeof config === 'string') record(config, Array.isArray(values) ? values : []);
  else if (config && typeof config.text === 'string')
    record(config.text, Array.isArray(values) ? values : config.values, config.name);
  return query.call(this, config, values, callback);
};

const { PGliteThread } = await import(
  pathToFileURL(
    path.join(
      process.env.BENCH_SERVER_DIST ?? fileURLToPath(new URL('../apps/server/dist', import.meta.url)),
      'db/pglite-thread.js',
    ),
  ).href
);
const threadQuery = PGliteThread.prototype.query;
PGliteThread.prototype.query = function (sql, params, options, tx) {
  record(sql, params);
  return threadQuery.call(this, sql, params, options, tx);
};
const threadExec = PGliteThread.prototype.exec;
PGliteThread.prototype.exec = function (sql, options, tx) {
  record(sql, []);
  return threadExec.call(this, sql, options, tx);
};
const transaction = PGliteThread.prototype.transaction;
PGliteThread.prototype.transaction = function (callback) {
  record('begin', []);
  return transaction.call(this, callback).finally(() => record('commit', []));
};

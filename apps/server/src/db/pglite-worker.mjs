// @ts-check
// The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly: a query runs
// synchronously on the thread that calls it, so in the server's thread a 30 ms search would stop every
// other request for 30 ms. Here it stops only this thread; the server's thread sends each statement as
// a message and awaits the answer (`pglite-thread.ts`).
//
// Plain JavaScript (type-checked through JSDoc): a worker thread is started from a file Node runs as
// it is, both from the built server and from the TypeScript sources the tests run.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * @typedef {import('@electric-sql/pglite').Transaction} Transaction
 * @typedef {{ id: number, op: 'query', sql: string, params?: unknown[], rowMode?: 'array' | 'object', rawTypes?: number[], tx?: number }} QueryMessage
 * @typedef {{ id: number, op: 'exec', sql: string, tx?: number }} ExecMessage
 * @typedef {{ id: number, op: 'begin' }} BeginMessage
 * @typedef {{ id: number, op: 'end', tx: number, commit: boolean }} EndMessage
 * @typedef {{ id: number, op: 'listen' | 'unlisten', channel: string }} ListenMessage
 * @typedef {{ id: number, op: 'dump' }} DumpMessage
 * @typedef {{ id: number, op: 'close' }} CloseMessage
 * @typedef {QueryMessage | ExecMessage | BeginMessage | EndMessage | ListenMessage | DumpMessage | CloseMessage} Request
 */

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

/** @type {{ dataDir?: string, loadDataDir?: ArrayBuffer }} */
const options = workerData;

/** Parsers that keep a value as PostgreSQL's text: what the caller asked for by type id. */
const keepText = (/** @type {number[]} */ ids) =>
  Object.fromEntries(ids.map((id) => [id, (/** @type {string} */ value) => value]));

/**
 * The fields of a PostgreSQL error (code, constraint, detail, …): what callers branch on. Only plain
 * values cross to the server's thread; PGlite's error also carries what cannot be copied there.
 * @param {unknown} error
 * @returns {Record<string, unknown> & { message: string }}
 */
function serialiseError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const plain = Object.entries(error).filter(([, value]) =>
    ['string', 'number', 'boolean'].includes(typeof value),
  );
  return { ...Object.fromEntries(plain), name: error.name, message: error.message };
}

/** Open transactions by number: each waits for its `end` message inside PGlite's transaction(). */
/** @type {Map<number, { tx: Transaction, finish: (commit: boolean) => void, outcome: Promise<unknown> }>} */
const transactions = new Map();
let nextTransaction = 1;
/** @type {Map<string, () => Promise<void>>} */
const listening = new Map();

/**
 * The statement's session: the open transaction it names, or the database.
 * @param {PGlite} db
 * @param {number | undefined} id
 * @returns {PGlite | Transaction}
 */
function target(db, id) {
  if (id === undefined) return db;
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open.tx;
}

/**
 * @param {PGlite} db
 * @param {Request} request
 * @returns {Promise<{ value: unknown, transfer?: ArrayBuffer[] }>}
 */
async function handle(db, request) {
  switch (request.op) {
    case 'query': {
      const queryOptions = {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(request.rawTypes ? { parsers: keepText(request.rawTypes) } : {}),
      };
      const { rows, fields, affectedRows } = await target(db, request.tx).query(
        request.sql,
        request.params,
        queryOptions,
      );
      return { value: { rows, fields, affectedRows } };
    }
    case 'exec': {
      const results = await target(db, request.tx).exec(request.sql);
      return { value: results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows })) };
    }
    case 'begin': {
      /** @type {(tx: Transaction) => void} */
      let opened = () => {};
      const started = new Promise((resolve) => {
        opened = resolve;
      });
      /** @type {(commit: boolean) => void} */
      let finish = () => {};
      const ended = new Promise((resolve, reject) => {
        finish = (commit) => (commit ? resolve(undefined) : reject(new RollbackRequested()));
      });
      const outcome = db.transaction(async (tx) => {
        opened(tx);
        await ended;
      });
      const tx = await Promise.race([started, outcome.then(() => undefined)]);
      if (!tx) throw new Error('the transaction ended before it began');
      const id = nextTransaction++;
      transactions.set(id, { tx: /** @type {Transaction} */ (tx), finish, outcome });
      return { value: id };
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`transaction ${request.tx} is not open`);
      transactions.delete(request.tx);
      open.finish(request.commit);
      try {
        await open.outcome;
      } catch (error) {
        if (!(error instanceof RollbackRequested)) throw error;
      }
      return { value: null };
    }
    case 'listen': {
      if (!listening.has(request.channel)) {
        const stop = await db.listen(request.channel, (payload) =>
          port?.postMessage({ op: 'notify', channel: request.channel, payload }),
        );
        listening.set(request.channel, stop);
      }
      return { value: null };
    }
    case 'unlisten': {
      await listening.get(request.channel)?.();
      listening.delete(request.channel);
      return { value: null };
    }
    case 'dump': {
      const buffer = await (await db.dumpDataDir('none')).arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case 'close': {
      if (!db.closed) await db.close();
      return { value: null };
    }
  }
}

class RollbackRequested extends Error {}

async function main() {
  /** @type {PGlite} */
  let db;
  try {
    db = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
      // The search indexes' operator classes (migrations 0004 and 0006).
      extensions: { pg_trgm, btree_gin },
    });
  } catch (error) {
    port?.postMessage({ op: 'failed', error: serialiseError(error) });
    return;
  }
  /** An answer that cannot be copied to the server's thread fails its call, not the thread. */
  const answer = (/** @type {number} */ id, /** @type {() => void} */ post) => {
    try {
      post();
    } catch (error) {
      port?.postMessage({ id, error: serialiseError(error) });
    }
  };
  port?.on('message', (/** @type {Request} */ request) => {
    handle(db, request).then(
      ({ value, transfer }) =>
        answer(request.id, () => port?.postMessage({ id: request.id, value }, transfer ?? [])),
      (error) =>
        answer(request.id, () => port?.postMessage({ id: request.id, error: serialiseError(error) })),
    );
  });
  port?.postMessage({ op: 'ready' });
}

await main();

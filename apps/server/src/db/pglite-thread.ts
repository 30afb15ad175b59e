// PGlite in a thread of its own (`pglite-worker.mjs`), behind the part of PGlite's interface that
// drizzle and pg-boss use: query, exec, transaction, listen, dumpDataDir and close. A statement is a
// message to the thread and its rows the answer, so the server's event loop keeps serving while the
// WebAssembly database works (a search of 100 000 families would otherwise stop every request).
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { holdDataDir } from './data-dir-lock.js';

type Message =
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      rawTypes?: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' };

type Reply =
  | { id: number; value: unknown; error?: undefined }
  | { id: number; error: Record<string, unknown> & { message: string } }
  | { op: 'notify'; channel: string; payload: string }
  | { op: 'ready' }
  | { op: 'failed'; error: Record<string, unknown> & { message: string } };

export interface PGliteThreadOptions {
  /** A directory, or `memory://` (the default) for a database that lives as long as the thread. */
  dataDir?: string;
  /** A dump (`dumpDataDir`) to start from: the tests' migrated template. */
  loadDataDir?: Blob;
  /**
   * The caller holds the data directory already (holdDataDir): a backup or a restore keeps it from
   * before the database opens until the last file is copied.
   */
  dataDirHeld?: boolean;
}

/** The thread's error as the caller sees it: the message, and PostgreSQL's fields (code, constraint…). */
function toError(fields: Record<string, unknown> & { message: string }): Error {
  const { message, name, stack: _stack, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (typeof name === 'string') error.name = name;
  return error;
}

/** Drizzle passes parsers that keep dates, intervals and numeric arrays as text: say which types. */
function rawTypes(options?: QueryOptions): number[] | undefined {
  return options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
}

/** The database's thread, once PGlite has opened in it. */
async function startWorker(
  dataDir: string | undefined,
  loadDataDir: ArrayBuffer | undefined,
): Promise<Worker> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, loadDataDir },
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  // Only the listeners added here are taken off again: Worker keeps listeners of its own.
  let onMessage: (reply: Reply) => void = () => {};
  let onError: (error: Error) => void = () => {};
  let onExit: (code: number) => void = () => {};
  await new Promise<void>((resolve, reject) => {
    onMessage = (reply) => {
      if ('op' in reply && reply.op === 'ready') resolve();
      if ('op' in reply && reply.op === 'failed') reject(toError(reply.error));
    };
    onError = reject;
    onExit = (code) => reject(new Error(`the database thread exited (${code}) before it opened`));
    worker.on('message', onMessage).once('error', onError).once('exit', onExit);
  }).finally(() => worker.off('message', onMessage).off('error', onError).off('exit', onExit));
  return worker;
}

export class PGliteThread {
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | null = null;
  private closing = false;
  private readonly onStop = new Set<(error: Error) => void>();

  private constructor(
    private readonly worker: Worker,
    /** Lets the data directory go once the database is closed or its thread has ended. */
    private readonly release: () => void,
  ) {
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', () => this.stop(new Error('the database thread stopped')));
    // An idle database does not keep the process alive (as PGlite in the process did not); a pending
    // statement does (`call` refs the thread).
    worker.unref();
  }

  /** Throws DataDirHeldError (data-dir-lock.ts) when another process holds the data directory. */
  static async create(options: PGliteThreadOptions = {}): Promise<PGliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const { dataDir } = options;
    const onDisk = dataDir !== undefined && !dataDir.startsWith('memory://');
    const release = onDisk && !options.dataDirHeld ? holdDataDir(dataDir) : () => {};
    try {
      return new PGliteThread(await startWorker(dataDir, loadDataDir), release);
    } catch (error) {
      release();
      throw error;
    }
  }

  get closed(): boolean {
    return this.closing || this.stopped !== null;
  }

  /** Calls sent to the thread and not yet answered (it runs them one at a time). */
  get inFlight(): number {
    return this.pending.size;
  }

  private receive(reply: Reply) {
    if ('op' in reply) {
      if (reply.op === 'notify')
        for (const listener of this.listeners.get(reply.channel) ?? []) listener(reply.payload);
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiting.reject(toError(reply.error));
    else waiting.resolve(reply.value);
  }

  private stop(error: Error) {
    if (this.stopped) return;
    this.stopped = error;
    this.release();
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    if (!this.closing) for (const listener of this.onStop) listener(error);
  }

  /**
   * Called once if the thread ends without `close` (a WebAssembly abort, say): every later statement
   * fails, so the server exits and its supervisor starts it again.
   */
  onUnexpectedStop(listener: (error: Error) => void): void {
    this.onStop.add(listener);
  }

  private call<T>(message: Message): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...message, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      rawTypes: rawTypes(options),
      tx,
    });
  }

  exec(sql: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, tx });
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let ended = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.query<R>(sql, params, options, id),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, id),
      // Drizzle rolls back by throwing from the callback; nothing calls this.
      rollback: () => Promise.reject(new Error('throw from the transaction callback to roll back')),
      get closed() {
        return ended;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      ended = true;
      // The callback's error is the one to report, even when the thread can no longer roll back.
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    ended = true;
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(callback);
    if (set.size === 1) await this.call({ op: 'listen', channel });
    return async () => {
      set.delete(callback);
      if (set.size === 0 && !this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  /** The data directory as an uncompressed tar (the only form the tests use). */
  async dumpDataDir(_compression?: 'none'): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump' })]);
  }

  /** Closes the database (its files are complete on disk) and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' });
    this.closing = true;
    this.stop(new Error('the database is closed'));
    await this.worker.terminate();
  }
}

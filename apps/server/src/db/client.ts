// Opens the database the configuration names: PostgreSQL through `pg` when DATABASE_URL is set,
// otherwise PGlite (PostgreSQL compiled to WebAssembly) with its files in DATA_DIR, in a thread of its own.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config/index.js';
import { PGliteThread, type PGliteThreadOptions } from './pglite-thread.js';
import * as baseSchema from './schema.js';
import * as agreementsSchema from './schema-agreements.js';
import * as billingSchema from './schema-billing.js';
import * as chatSchema from './schema-chat.js';
import * as deskSchema from './schema-desk.js';
import * as familiesSchema from './schema-families.js';

const schema = {
  ...baseSchema,
  ...agreementsSchema,
  ...billingSchema,
  ...familiesSchema,
  ...chatSchema,
  ...deskSchema,
};

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The query builder's connections now: in use, idle, and statements waiting for one. PGlite has one
 * connection that runs a statement at a time: in use while one runs, the others wait.
 */
interface ConnectionUse {
  inUse: number;
  idle: number;
  waiting: number;
}

/** The running database: the query builder, a liveness probe, and how to close it. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The embedded database's thread (pg-boss runs on it through its PGlite adapter). */
  pglite?: PGliteThread;
  connectionString?: string;
  ping(): Promise<void>;
  connections(): ConnectionUse;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  url?: string | undefined;
  dataDir?: string;
  poolMax?: number;
  /** Tests open an in-memory PGlite from a prepared dump instead of a data dir. */
  pglite?: PGliteThreadOptions;
  /** Called with every statement the query builder sends (tests count queries per request). */
  onQuery?: (sql: string) => void;
}

function queryLogger(options: OpenDatabaseOptions) {
  const { onQuery } = options;
  return onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};
}

const MIGRATION_LOCK_KEY = 7_294_431;

/** What the configuration says to open. */
export function databaseOptions(config: Pick<Config, 'database'>): OpenDatabaseOptions {
  return { url: config.database.url, dataDir: config.database.dataDir, poolMax: config.database.poolMax };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolMax ?? 10, options);
  return openPglite(options);
}

const PGLITE_ANALYZE_EVERY_MS = 6 * 60 * 60 * 1000;

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const dataDir = options.pglite?.dataDir ?? options.dataDir;
  if (dataDir && !dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGliteThread.create({ ...options.pglite, ...(dataDir ? { dataDir } : {}) });
  // The thread answers the calls drizzle makes of a PGlite (query, exec, transaction).
  const db = drizzlePglite(client as unknown as PGlite, { schema, ...queryLogger(options) }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
    // PGlite has no autovacuum, so nothing gathers the planner's statistics: without them it guesses,
    // and a search or a list can take a plan that reads every row. Gathered when a table has never had
    // them (a new database, a migration's new table: reltuples is -1), and every few hours while the
    // portal runs.
    const unanalysed = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' and reltuples < 0`,
    );
    if ((unanalysed.rows[0]?.n ?? 0) > 0) await client.query('analyze');
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  const analyse = setInterval(() => {
    if (!client.closed) client.query('analyze').catch(() => {});
  }, PGLITE_ANALYZE_EVERY_MS);
  analyse.unref();
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async ping() {
      await client.query('select 1');
    },
    connections() {
      const calls = client.inFlight;
      return { inUse: Math.min(calls, 1), idle: calls > 0 ? 0 : 1, waiting: Math.max(calls - 1, 0) };
    },
    async close() {
      clearInterval(analyse);
      if (!client.closed) await client.close();
    },
  };
}

/** How long a starting process keeps trying to reach PostgreSQL before it gives up. */
const START_ATTEMPTS = 5;

/** Whether another try at connecting could succeed. */
export function worthRetrying(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // No SQLSTATE: the connection itself failed (refused, reset, timed out).
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  // Too many connections for now (class 53), or a server still starting up (57P03).
  return code.startsWith('53') || code === '57P03';
}

/**
 * The pool's first client, tried again a few times a second or more apart: a database that is still
 * starting, or a machine so busy that a connection takes longer than the pool waits, is not a reason
 * for a process to exit at once. A refusal that another try would not change (a wrong password, a
 * missing database) is thrown at once. At most five tries, 1 + 2 + 3 + 4 seconds apart.
 */
export async function firstConnection(
  pool: Pick<pg.Pool, 'connect'>,
  pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<pg.PoolClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (error) {
      if (!worthRetrying(error) || attempt >= START_ATTEMPTS) throw error;
      await pause(attempt * 1000);
    }
  }
}

async function openPostgres(url: string, poolMax: number, options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, ...queryLogger(options) }) as unknown as Db;
  // Several processes may start at once against one database: migrate under an advisory lock.
  const lockClient = await firstConnection(pool);
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  return {
    kind: 'postgres',
    db,
    connectionString: url,
    async ping() {
      await pool.query('select 1');
    },
    connections() {
      return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    async close() {
      await pool.end();
    },
  };
}

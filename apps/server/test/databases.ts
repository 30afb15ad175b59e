import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.js';

/** TEST_DATABASE_URL names a PostgreSQL server (any database on it); the tests make their own databases. */
export function adminConnectionString(): string | null {
  return process.env.TEST_DATABASE_URL || null;
}

export const silentLogger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLogger;
  },
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminConnectionString()! });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
}

let counter = 0;

/** A new, empty PostgreSQL database (no tables, not migrated): where a restore goes. */
export async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bt_test_${process.pid}_${Date.now()}_${counter++}`;
  await withAdminClient((c) => c.query(`create database ${name}`));
  const url = new URL(adminConnectionString()!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(name) };
}

/** A fresh, migrated database for one test file: from the PGlite template, or copied in PostgreSQL. */
export async function openTestDatabase(
  template: { pglite: string; postgres: string | null },
  options: { onQuery?: (sql: string) => void } = {},
): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  if (template.postgres) {
    const name = `bt_test_${process.pid}_${Date.now()}_${counter++}`;
    await withAdminClient((c) => c.query(`create database ${name} template ${template.postgres}`));
    const url = new URL(adminConnectionString()!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolMax: 5, ...options });
    return {
      database,
      drop: async () => {
        await database.close();
        await dropDatabase(name);
      },
    };
  }
  const loadDataDir = new Blob([readFileSync(template.pglite)]);
  const database = await openDatabase({ pglite: { dataDir: 'memory://', loadDataDir }, ...options });
  return { database, drop: () => database.close() };
}

/**
 * A database that outlives one app, for restart tests: a PGlite data directory on disk (seeded from
 * the template), or a PostgreSQL database that is reopened by URL.
 */
export async function createPersistentTestDatabase(template: {
  pglite: string;
  postgres: string | null;
}): Promise<{
  open: () => Promise<Database>;
  drop: () => Promise<void>;
  /** The PostgreSQL URL (null on PGlite). */
  url: string | null;
}> {
  if (template.postgres) {
    const name = `bt_test_${process.pid}_${Date.now()}_${counter++}`;
    await withAdminClient((c) => c.query(`create database ${name} template ${template.postgres}`));
    const url = new URL(adminConnectionString()!);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      open: () => openDatabase({ url: url.toString(), poolMax: 5 }),
      drop: () => dropDatabase(name),
    };
  }
  const { mkdtempSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bt-persist-'));
  let first = true;
  return {
    url: null,
    open: async () => {
      const loadDataDir = first ? new Blob([readFileSync(template.pglite)]) : undefined;
      first = false;
      return openDatabase({ pglite: { dataDir: dir, ...(loadDataDir ? { loadDataDir } : {}) } });
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

// The database's side of a backup and a restore (apps/server/src/ops): which migrations a database has,
// whether one is empty, and PostgreSQL's own tools — pg_dump for a consistent snapshot of a live
// database, pg_restore into an empty one. The embedded database is copied as its folder instead, with
// the portal stopped (ops/backup.ts), and opened here only to read what it holds.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from './client.js';
import { PGliteThread } from './pglite-thread.js';

export interface MigrationState {
  /** How many migrations the database has run. */
  count: number;
  /** The last one's name (its file without `.sql`), or null when none ran. */
  last: string | null;
}

/** Drizzle's journal of the migrations this portal ships, in order; `when` is what a database records. */
function journal(): { tag: string; when: number }[] {
  const file = path.join(migrationsFolder, 'meta/_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

/** The names of the migrations this portal ships, in order. */
export function shippedMigrations(): string[] {
  return journal().map((entry) => entry.tag);
}

function shippedMigrationAt(when: string | null): string | null {
  if (when === null) return null;
  // A migration this portal does not ship (a newer portal's) is named by its time.
  return journal().find((entry) => String(entry.when) === when)?.tag ?? `unknown (${when})`;
}

/** Drizzle's record of the migrations run; a database without it has run none. */
const MIGRATIONS_QUERY = `
  select count(*)::int as count, max(created_at)::text as last
    from drizzle.__drizzle_migrations`;
const HAS_MIGRATIONS_TABLE = `select to_regclass('drizzle.__drizzle_migrations') is not null as present`;

type Query = <T>(text: string) => Promise<T[]>;

async function migrationStateOf(query: Query): Promise<MigrationState> {
  const [table] = await query<{ present: boolean }>(HAS_MIGRATIONS_TABLE);
  if (!table?.present) return { count: 0, last: null };
  const [row] = await query<{ count: number; last: string | null }>(MIGRATIONS_QUERY);
  return { count: row?.count ?? 0, last: shippedMigrationAt(row?.last ?? null) };
}

/**
 * The migrations of the embedded database in `dataDir`, which the caller holds (holdDataDir): opened
 * without migrating, read, and closed, so that its files are complete on disk when this returns.
 */
export async function pgliteMigrations(dataDir: string): Promise<MigrationState> {
  const thread = await PGliteThread.create({ dataDir, dataDirHeld: true });
  try {
    return await migrationStateOf(async (text) => (await thread.query(text)).rows as never);
  } finally {
    await thread.close();
  }
}

async function withPostgres<T>(url: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

export function postgresMigrations(url: string): Promise<MigrationState> {
  return withPostgres(url, migrationStateOf);
}

/** Tables, views and sequences outside PostgreSQL's own schemas: none in an empty database. */
export function postgresRelationCount(url: string): Promise<number> {
  return withPostgres(url, async (query) => {
    const [row] = await query<{ count: number }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
          and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`,
    );
    return row?.count ?? 0;
  });
}

export class DatabaseToolError extends Error {}

/**
 * The URL without its password, which goes in PGPASSWORD instead: a command line can be read by every
 * user of the machine (ps), the environment of a process only by its owner.
 */
function toolConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function runTool(tool: string, args: string[], url: string): Promise<void> {
  const connection = toolConnection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, '--dbname', connection.url], {
      env: { ...process.env, ...connection.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new DatabaseToolError(
              `${tool} was not found: install PostgreSQL's client tools of the server's version or later ` +
                '(Debian: apt-get install -y postgresql-client).',
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new DatabaseToolError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

/** pg_dump's custom format of the whole database: one consistent snapshot, taken while it serves. */
export function dumpPostgres(url: string, file: string): Promise<void> {
  return runTool('pg_dump', ['--format=custom', '--file', file], url);
}

/**
 * Loads a pg_dump into an empty database in one transaction: on any error nothing is kept. Owners and
 * grants are the restoring user's, so a backup restores under another role name.
 */
export function restorePostgres(url: string, file: string): Promise<void> {
  return runTool(
    'pg_restore',
    ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', file],
    url,
  );
}

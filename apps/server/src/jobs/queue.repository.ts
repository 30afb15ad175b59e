// The job queue's own tables, read only to check which pg-boss made them (pg-boss owns the rest).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

async function rowsOf<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The version of the `pgboss` schema in this database, or null when pg-boss has not installed it. */
export async function findBossSchemaVersion(db: Db): Promise<number | null> {
  const [table] = await rowsOf<{ installed: boolean }>(
    db,
    sql`select to_regclass('pgboss.version') is not null as installed`,
  );
  if (!table?.installed) return null;
  const [row] = await rowsOf<{ version: number }>(db, sql`select version from pgboss.version`);
  return row ? Number(row.version) : null;
}

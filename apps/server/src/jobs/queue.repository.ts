// The job queue's own tables, read only: which pg-boss made them, and what waits in them (pg-boss owns
// and writes them).
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

/**
 * Jobs waiting to run, per queue: how many, and how long the one due longest (its start time passed)
 * has waited. `state < 'active'` is the predicate of pg-boss's own fetch index (job_i5, on name and
 * start_after), so this reads that index's entries alone, never the completed and failed jobs kept
 * beside them.
 */
export async function findQueuedJobs(
  db: Db,
): Promise<{ name: string; queued: number; oldestSeconds: number }[]> {
  const rows = await rowsOf<{ name: string; queued: number; oldest_seconds: number | null }>(
    db,
    sql`select name, count(*)::int as queued,
          extract(epoch from now() - min(start_after) filter (where start_after <= now()))::float8
            as oldest_seconds
        from pgboss.job where state < 'active' group by name`,
  );
  return rows.map((row) => ({
    name: row.name,
    queued: Number(row.queued),
    oldestSeconds: Math.max(0, Number(row.oldest_seconds ?? 0)),
  }));
}

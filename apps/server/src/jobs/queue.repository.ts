// The job queue's own tables: what waits in them (read only: pg-boss owns and writes them), and a queue
// in pg-boss 10's schema, brought over once.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

async function rowsOf<T>(db: Pick<Db, 'execute'>, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The schema version pg-boss 10 made: pg-boss 12 cannot migrate it (11 began a new schema). */
const BOSS_10_SCHEMA_VERSION = 24;

/** The version of the `pgboss` schema in this database, or null when pg-boss has not installed it. */
async function findBossSchemaVersion(db: Pick<Db, 'execute'>): Promise<number | null> {
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
 * has waited. `state < 'active'` (waiting or to be retried) is what pg-boss's own fetch indexes hold,
 * not the completed and failed jobs kept beside them.
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

/**
 * Moves a pg-boss 10 queue out of pg-boss's way (schema pgboss_v10), once, whichever process gets
 * there first: the others find the schema gone. True when this call moved it.
 */
export async function setAsideBoss10Schema(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bridge-talk pg-boss 10 queue'))`);
    if ((await findBossSchemaVersion(tx)) !== BOSS_10_SCHEMA_VERSION) return false;
    await tx.execute(sql`alter schema pgboss rename to pgboss_v10`);
    return true;
  });
}

export async function hasBoss10Schema(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('pgboss_v10.job') is not null as present`,
  );
  return row?.present === true;
}

export interface Boss10Job {
  id: string;
  name: string;
  data: unknown;
  startAfter: Date;
  singletonKey: string | null;
}

/** Jobs of the set-aside queue that had not finished: waiting, to be retried, or running when it stopped. */
export async function findUnfinishedBoss10Jobs(db: Db, limit: number): Promise<Boss10Job[]> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    data: unknown;
    start_after: string | Date;
    singleton_key: string | null;
  }>(
    db,
    sql`select id, name, data, start_after, singleton_key from pgboss_v10.job
        where state in ('created', 'retry', 'active') order by created_on, id limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    data: row.data,
    startAfter: new Date(row.start_after),
    singletonKey: row.singleton_key,
  }));
}

export async function deleteBoss10Job(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from pgboss_v10.job where id = ${id}`);
}

export async function dropBoss10Schema(db: Db): Promise<void> {
  await db.execute(sql`drop schema if exists pgboss_v10 cascade`);
}

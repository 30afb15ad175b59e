// Attempt counters in SQL, shared by every process and kept across restarts (table rate_limit_counters).
// A key's window starts at its first hit; a hit after the window has passed starts the count again.
// Each write is one statement, atomic under concurrent hits of the same key from any process.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rateLimitCounters as counters } from './schema.js';

export interface Counter {
  key: string;
  hits: number;
  lastHitAt: Date;
  expiresAt: Date;
}

/** Rows deleted past their window by a write that opens a new one: the table cannot outgrow its keys. */
const PRUNE_BATCH = 50;

const columns = {
  key: counters.key,
  hits: counters.hits,
  lastHitAt: counters.lastHitAt,
  expiresAt: counters.expiresAt,
};

function timestamp(date: Date) {
  return sql`${date.toISOString()}::timestamptz`;
}

/**
 * Counts one hit of each key (its window `windowMs` long) and answers the counters after it. With
 * `max`, a key already at `max` in its window is not counted and is left out of the answer.
 */
export async function countHits(
  db: Db,
  input: { keys: string[]; now: Date; windowMs: number; max?: number },
): Promise<Counter[]> {
  const { keys, now, windowMs, max } = input;
  if (keys.length === 0) return [];
  const expired = sql`${counters.expiresAt} <= ${timestamp(now)}`;
  const rows = await db
    .insert(counters)
    .values(
      keys.map((key) => ({ key, hits: 1, lastHitAt: now, expiresAt: new Date(now.getTime() + windowMs) })),
    )
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${counters.hits} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${counters.expiresAt} end`,
        lastHitAt: sql`excluded.last_hit_at`,
      },
      ...(max === undefined ? {} : { setWhere: sql`${expired} or ${counters.hits} < ${max}` }),
    })
    .returning(columns);
  if (rows.some((row) => row.hits === 1)) await pruneExpired(db, now);
  return rows;
}

/** The counters of these keys whose window is still open (a key with none has no row here). */
export async function findCounters(db: Db, keys: string[], now: Date): Promise<Counter[]> {
  if (keys.length === 0) return [];
  return db
    .select(columns)
    .from(counters)
    .where(and(inArray(counters.key, keys), gt(counters.expiresAt, now)));
}

/** Takes back one hit of a counter whose window is still open (an attempt that turned out well). */
export async function releaseHit(db: Db, key: string, now: Date): Promise<void> {
  await db
    .update(counters)
    .set({ hits: sql`${counters.hits} - 1` })
    .where(and(eq(counters.key, key), gt(counters.hits, 0), gt(counters.expiresAt, now)));
}

/**
 * Deletes up to PRUNE_BATCH rows whose window has passed. Rows another process is deleting or counting
 * are skipped, not waited for; a row deleted here would have started again at its next hit anyway.
 */
async function pruneExpired(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    delete from ${counters} where ${counters.key} in (
      select ${counters.key} from ${counters} where ${counters.expiresAt} <= ${timestamp(now)}
      order by ${counters.expiresAt} limit ${PRUNE_BATCH} for update skip locked)`);
}

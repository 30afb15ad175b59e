// Idempotency keys of the billing calls: a client sends `Idempotency-Key` with a submit; the first
// request with a key does the work and its answer is kept; a repeat gets that answer, and does nothing.
// Only successes are kept: after a decline the same key may try again (with a corrected card).
import { MSG } from '@bridge-talk/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/secrets.js';

/** A request still unanswered after this long died with its process: a repeat may take it over. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;
/** Keys are kept this long (Stripe keeps its own for 24 hours too). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentCall {
  userId: string;
  key: string | undefined;
  route: string;
  /** The parsed request; a repeat with another request under the same key is refused. */
  request: unknown;
}

export async function withIdempotency<T>(db: Db, call: IdempotentCall, run: () => Promise<T>): Promise<T> {
  if (!call.key) return run();
  const requestHash = sha256(`${call.route}\n${JSON.stringify(call.request)}`);
  const where = and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, call.key));
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ userId: call.userId, key: call.key, route: call.route, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [existing] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(where);
    if (!existing) return withIdempotency(db, call, run);
    if (existing.requestHash !== requestHash)
      throw new AppError('UNPROCESSABLE', MSG.billing.idempotencyKeyReused);
    if (existing.responseStatus !== null) return existing.responseBody as T;
    // One repeat takes an abandoned request over; the condition makes two repeats not both win.
    const [takenOver] = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          where,
          isNull(idempotencyKeys.responseStatus),
          lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!takenOver) throw new AppError('CONFLICT', MSG.billing.requestInProgress);
  }
  try {
    const result = await run();
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: 200, responseBody: result as object })
      .where(where);
    return result;
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(where, isNull(idempotencyKeys.responseStatus)));
    throw error;
  }
}

export async function deleteExpiredIdempotencyKeys(db: Db): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)));
}

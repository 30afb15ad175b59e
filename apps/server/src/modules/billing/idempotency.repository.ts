// Queries of the kept idempotency keys (idempotency.ts holds their rules).
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema-billing.js';

interface KeyId {
  userId: string;
  key: string;
}

const byKey = (id: KeyId) => and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.key, id.key));

/** Claims a key for a request; false if the key was already there. */
export async function claimKey(db: Db, id: KeyId, route: string, requestHash: string): Promise<boolean> {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ userId: id.userId, key: id.key, route, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed !== undefined;
}

export async function findKey(db: Db, id: KeyId) {
  const [existing] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(byKey(id));
  return existing;
}

/** Takes over a key still unanswered since before `claimedBefore`; the condition lets one caller win. */
export async function takeOverKey(db: Db, id: KeyId, claimedBefore: Date): Promise<boolean> {
  const [takenOver] = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(
      and(byKey(id), isNull(idempotencyKeys.responseStatus), lt(idempotencyKeys.createdAt, claimedBefore)),
    )
    .returning({ key: idempotencyKeys.key });
  return takenOver !== undefined;
}

export async function saveResponse(db: Db, id: KeyId, status: number, body: object): Promise<void> {
  await db.update(idempotencyKeys).set({ responseStatus: status, responseBody: body }).where(byKey(id));
}

/** Lets a key go that has no successful answer (its request failed, or was refused). */
export async function releaseKey(db: Db, id: KeyId): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(byKey(id), or(isNull(idempotencyKeys.responseStatus), ne(idempotencyKeys.responseStatus, 200))),
    );
}

export async function deleteKeysCreatedBefore(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

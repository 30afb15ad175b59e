// Idempotency keys of the billing calls: a client sends `Idempotency-Key` with a submit; the first
// request with a key does the work and its answer is kept; a repeat gets that answer, and does nothing.
// Only successes are kept: after a decline the same key may try again (with a corrected card).
import { MSG } from '@bridge-talk/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/secrets.js';
import * as repo from './idempotency.repository.js';

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
  const id = { userId: call.userId, key: call.key };
  if (!(await repo.claimKey(db, id, call.route, requestHash))) {
    const existing = await repo.findKey(db, id);
    if (!existing) return withIdempotency(db, call, run);
    if (existing.requestHash !== requestHash)
      throw new AppError('UNPROCESSABLE', MSG.billing.idempotencyKeyReused);
    if (existing.responseStatus !== null) return existing.responseBody as T;
    // One repeat takes an abandoned request over; the condition makes two repeats not both win.
    if (!(await repo.takeOverKey(db, id, new Date(Date.now() - ABANDONED_AFTER_MS))))
      throw new AppError('CONFLICT', MSG.billing.requestInProgress);
  }
  try {
    const result = await run();
    await repo.saveResponse(db, id, result as object);
    return result;
  } catch (error) {
    await repo.releaseKey(db, id);
    throw error;
  }
}

export async function deleteExpiredIdempotencyKeys(db: Db): Promise<void> {
  await repo.deleteKeysCreatedBefore(db, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS));
}

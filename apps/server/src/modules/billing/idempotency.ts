// Idempotency keys of the billing calls: a client sends `Idempotency-Key` with a submit; the first
// request with a key does the work and its answer is kept; a repeat gets that answer, and does nothing.
// A repeat that arrives while the first is still running waits for it and answers as it did. A refusal
// (a decline) is answered so only to those waiting repeats: a later try with the key runs again.
import { MSG } from '@bridge-talk/contract';
import type { Db } from '../../db/client.js';
import { AppError, ERROR_STATUS, type ErrorCode } from '../../lib/app-error.js';
import { sha256 } from '../../lib/secrets.js';
import * as repo from './idempotency.repository.js';

/** A request still unanswered after this long died with its process: a repeat may take it over. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;
/** Keys are kept this long (Stripe keeps its own for 24 hours too). */
const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentCall {
  userId: string;
  key: string | undefined;
  route: string;
  /** The parsed request; a repeat with another request under the same key is refused. */
  request: unknown;
}

/** How long a repeat waits for the request it repeats to finish, and how often it looks. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 100;

type KeptAnswer = NonNullable<Awaited<ReturnType<typeof repo.findKey>>>;

function errorCodeOf(status: number): ErrorCode {
  const found = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return found ?? 'UNPROCESSABLE';
}

/** The first request's answer, given again: its result, or its refusal thrown again. */
function replay<T>(answer: KeptAnswer): T {
  if (answer.responseStatus === 200) return answer.responseBody as T;
  const body = (answer.responseBody ?? {}) as { message?: string; fields?: Record<string, string> };
  throw new AppError(errorCodeOf(answer.responseStatus ?? 422), body.message ?? '', body.fields);
}

export async function withIdempotency<T>(db: Db, call: IdempotentCall, run: () => Promise<T>): Promise<T> {
  if (!call.key) return run();
  const requestHash = sha256(`${call.route}\n${JSON.stringify(call.request)}`);
  const id = { userId: call.userId, key: call.key };
  if (!(await repo.claimKey(db, id, call.route, requestHash))) {
    let existing = await repo.findKey(db, id);
    if (!existing) return withIdempotency(db, call, run);
    if (existing.responseStatus !== null && existing.responseStatus !== 200) {
      // A refusal kept for the repeats that waited for it: a later try (a corrected card, another
      // request body) runs again.
      await repo.releaseKey(db, id);
      return withIdempotency(db, call, run);
    }
    if (existing.requestHash !== requestHash)
      throw new AppError('UNPROCESSABLE', MSG.billing.idempotencyKeyReused);
    if (existing.responseStatus === 200) return replay<T>(existing);
    // One repeat takes an abandoned request over; the condition makes two repeats not both win.
    const abandoned = await repo.takeOverKey(db, id, new Date(Date.now() - ABANDONED_AFTER_MS));
    if (!abandoned) {
      // A repeat of a request still running (a double click) waits for it and answers as it did.
      const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
      while (existing && existing.responseStatus === null && Date.now() < waitUntil) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        existing = await repo.findKey(db, id);
      }
      if (!existing) return withIdempotency(db, call, run);
      if (existing.responseStatus !== null) return replay<T>(existing);
      throw new AppError('CONFLICT', MSG.billing.requestInProgress);
    }
  }
  try {
    const result = await run();
    await repo.saveResponse(db, id, 200, result as object);
    return result;
  } catch (error) {
    // A refusal is kept for the repeats waiting for it; anything else lets the key go at once.
    if (error instanceof AppError && error.statusCode < 500) {
      await repo.saveResponse(db, id, error.statusCode, { message: error.message, fields: error.fields });
    } else {
      await repo.releaseKey(db, id);
    }
    throw error;
  }
}

export async function deleteExpiredIdempotencyKeys(db: Db): Promise<void> {
  await repo.deleteKeysCreatedBefore(db, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS));
}

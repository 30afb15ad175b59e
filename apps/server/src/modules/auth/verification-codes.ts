// One-time e-mailed codes: 6 characters derived from the code row's id (derived-codes.ts), stored as
// SHA-256, 15 minutes to live, single use, voided after 5 wrong tries (for one client address, in the
// flows anyone can start). Issuing a new code voids the old one.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { MSG } from '@bridge-talk/contract';
import { normalizeIP } from '@fastify/rate-limit';
import type { Db } from '../../db/client.js';
import { countHits, findCounters } from '../../db/hit-counters.js';
import { sha256 } from '../../lib/secrets.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { CODE_SLOT, deriveCode } from '../mail/derived-codes.js';
import type { TokenKey } from './token-key.js';
import * as repo from './verification-codes.repository.js';

export type CodePurpose = 'activation' | 'reset' | 'change-password' | 'email-change' | 'sign-in';

export const CODE_TTL_MS = 15 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;

/** An issued code, to be mailed: `mail` makes the message with the code in it, derived as it is sent. */
export interface IssuedCode {
  id: string;
  mail(compose: (code: string) => MailMessage): MailMessage;
}

/** Codes are typed by people: case and surrounding spaces do not matter. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function issueCode(
  ctx: { db: Db; tokenKey: TokenKey },
  input: { userId: string; purpose: CodePurpose; target?: string | null },
): Promise<IssuedCode> {
  const id = randomUUID();
  const label = `verification|${id}`;
  const code = await deriveCode(ctx.tokenKey, label);
  // An activation code stays good beside a newer one: the invitation's code must still work after
  // a first sign-in attempt sent another. Other purposes keep one live code.
  await repo.insertCode(
    ctx.db,
    {
      id,
      userId: input.userId,
      purpose: input.purpose,
      codeHash: sha256(code),
      target: input.target ?? null,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    },
    input.purpose !== 'activation',
  );
  return { id, mail: (compose) => ({ ...compose(CODE_SLOT), codeLabel: label }) };
}

/**
 * Why a code was refused: a wrong one, or no code left to try because the newest one ran out of
 * time or of tries (then only a new code helps, and the person is told so).
 */
export type CodeRefusal = 'wrong' | 'expired' | 'tooManyTries';

export type CheckResult = { ok: true; id: string; target: string | null } | { ok: false; why: CodeRefusal };

/**
 * Checks a code against the live ones of that user and purpose; a wrong code costs one try.
 *
 * `triedFrom` (the client's address) counts the tries of a code flow anyone can start (a reset, an
 * activation) per code and address, not per code: a stranger's wrong tries spend that code for the
 * stranger alone, and the owner's right code still works. Without it (a signed-in person's own flow)
 * the code itself counts them.
 */
export async function checkCode(
  db: Db,
  input: { userId: string; purpose: CodePurpose; code: string; triedFrom?: string },
): Promise<CheckResult> {
  const now = new Date();
  const live = await repo.findLiveCodes(db, input.userId, input.purpose, now, 3);
  const triesKey = (id: string) => `code-tries:${id}|${normalizeIP(input.triedFrom ?? '', 64)}`;
  const tries = new Map(live.map((code) => [code.id, code.attempts]));
  if (input.triedFrom !== undefined) {
    tries.clear();
    const counters = await findCounters(
      db,
      live.map((code) => triesKey(code.id)),
      now,
    );
    for (const code of live) tries.set(code.id, counters.find((c) => c.key === triesKey(code.id))?.hits ?? 0);
  }
  const open = live.filter((code) => (tries.get(code.id) ?? 0) < CODE_MAX_ATTEMPTS);
  if (open.length === 0) {
    if (live.length > 0) return { ok: false, why: 'tooManyTries' };
    // No live code: an unspent one left can only have run out of time.
    const newest = await repo.findNewestUnspentCode(db, input.userId, input.purpose);
    return { ok: false, why: newest ? 'expired' : 'wrong' };
  }
  const given = Buffer.from(sha256(normaliseCode(input.code)));
  const match = open.find((code) => timingSafeEqual(given, Buffer.from(code.codeHash)));
  if (!match) {
    const ids = open.map((code) => code.id);
    if (input.triedFrom === undefined) await repo.countFailedAttempt(db, ids);
    else await countHits(db, { keys: ids.map(triesKey), now, windowMs: CODE_TTL_MS });
    // The try that used up the last attempt already says that a new code is needed.
    const spent = open.every((code) => (tries.get(code.id) ?? 0) + 1 >= CODE_MAX_ATTEMPTS);
    return { ok: false, why: spent ? 'tooManyTries' : 'wrong' };
  }
  await repo.markCodeVerified(db, match.id);
  return { ok: true, id: match.id, target: match.target };
}

/** The message for a refused code: the given one for a wrong code, a clear one when only a new code helps. */
export function codeRefusalMessage(why: CodeRefusal, wrong: string): string {
  if (why === 'expired') return MSG.extra.codeExpired;
  if (why === 'tooManyTries') return MSG.extra.codeTooManyTries;
  return wrong;
}

/** Spends a verified code; false if it was already spent (a replayed final step). */
export function consumeCode(db: Db, id: string): Promise<boolean> {
  return repo.spendCode(db, id);
}

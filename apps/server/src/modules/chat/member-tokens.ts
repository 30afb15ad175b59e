// How a family member proves who they are to the member chat API:
//
// 1. A code is e-mailed; the answer carries a signed `state` (15 minutes) with the e-mail and the
//    quarter-hour it was asked in. The member's code for a quarter-hour is derived from the member and
//    that quarter under the token key (derived-codes.ts): nothing stores it, the mail job holds only
//    its label, and every request of that quarter mails the same code — so a code e-mail that a
//    stranger's request made still signs the member in, with the state of the member's own request,
//    when the cap on code e-mails sends no more. A code works in its quarter and the next. An address
//    that belongs to nobody gets a state just the same, so the answer does not tell who is a member.
// 2. The code and the state are exchanged for a member token: a JWT for the chat API only (its own
//    issuer and audience, so it is never taken for a portal token, nor a portal token for it), which
//    names the address it was issued for and the device's session (member_sessions). Every request
//    checks the member against the database: a token stops working, on every process, once the agency
//    changes the member's e-mail, the member is active in no family of an enabled agency (see
//    chat.repository.ts), or the member signs out on that device.
// 3. The code exchange also sets the session's own token in an httpOnly cookie, which the families' app
//    exchanges for a new member token when its own ends or the page is opened again (the cookie's token
//    rotates at each exchange): the member stays signed in on that device until they sign out.
//
// A code is not single-use within its time; guesses are bounded by the route's rate limit and the
// attempt limits per e-mail and client address.
import { timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { TokenKey } from '../auth/token-key.js';
import { normaliseCode } from '../auth/verification-codes.js';
import { deriveCode } from '../mail/derived-codes.js';

const CODE_AUDIENCE = 'bridge-talk-member-code';
const TOKEN_ISSUER = 'bridge-talk-chat';
const TOKEN_AUDIENCE = 'bridge-talk-member';
export const MEMBER_CODE_TTL_SECONDS = 15 * 60;
export const MEMBER_TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** The quarter-hour a code request falls in. */
export function codeQuarter(now = Date.now()): number {
  return Math.floor(now / (MEMBER_CODE_TTL_SECONDS * 1000));
}

/** What the member's code of a quarter-hour is derived from. */
export function memberCodeLabel(memberId: string, quarter: number): string {
  return `member|${memberId}|${quarter}`;
}

const ZCodeState = z.object({ email: z.string(), quarter: z.number().int() });

/** A state for a code request to `email` in `quarter`. */
export function signCodeState(key: TokenKey, email: string, quarter: number): Promise<string> {
  return new SignJWT({ email, quarter })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(CODE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${MEMBER_CODE_TTL_SECONDS}s`)
    .sign(key);
}

/** Whether the code is this member's for the state's quarter-hour or the one before (unexpired state). */
export async function checkCodeState(
  key: TokenKey,
  input: { state: string; email: string; memberId: string; code: string },
): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(input.state, key, { audience: CODE_AUDIENCE, algorithms: ['HS256'] });
    const state = ZCodeState.parse(payload);
    if (state.email !== input.email) return false;
    const given = Buffer.from(normaliseCode(input.code));
    let matches = false;
    for (const quarter of [state.quarter, state.quarter - 1]) {
      const expected = Buffer.from(await deriveCode(key, memberCodeLabel(input.memberId, quarter)));
      if (expected.length === given.length && timingSafeEqual(expected, given)) matches = true;
    }
    return matches;
  } catch {
    return false;
  }
}

export function signMemberToken(
  key: TokenKey,
  member: { id: string; email: string },
  sessionId: string,
): Promise<string> {
  return new SignJWT({ email: member.email.toLowerCase(), sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(member.id)
    .setIssuedAt()
    .setExpirationTime(`${MEMBER_TOKEN_TTL_SECONDS}s`)
    .sign(key);
}

export interface MemberTokenClaims {
  memberId: string;
  email: string;
  /** The device's session (member_sessions): signing out there ends the token at once. */
  sessionId: string;
  /** When the token stops working (an event stream ends then). */
  expiresAt: Date;
}

/**
 * The claims of a valid member token; null for anything else (a portal token, or a token of an
 * earlier release without a session, included). The caller checks them against the member as they are now.
 */
export async function verifyMemberToken(key: TokenKey, token: string): Promise<MemberTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: ['HS256'],
    });
    const { sub, email, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string' || !exp) return null;
    return { memberId: sub, email, sessionId: sid, expiresAt: new Date(exp * 1000) };
  } catch {
    return null;
  }
}

// How a family member proves who they are to the member chat API, without a table of our own:
//
// 1. A code is e-mailed; the answer carries a signed `state` (15 minutes) that holds an HMAC of the
//    e-mail, the member and the code — never the code or the member id themselves. An address that
//    belongs to nobody gets a state just the same, so the answer does not tell who is a member.
// 2. The code and the state are exchanged for a member token: a JWT for the chat API only (its own
//    issuer and audience, so it is never taken for a portal token, nor a portal token for it).
//
// A code is not single-use within its 15 minutes (nothing is stored); guesses are bounded by the
// route's rate limit and a per-address attempt limit.
import { createHmac, KeyObject, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@bridge-talk/contract';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { TokenKey } from '../auth/token-key.js';
import { normaliseCode } from '../auth/verification-codes.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_AUDIENCE = 'bridge-talk-member-code';
const TOKEN_ISSUER = 'bridge-talk-chat';
const TOKEN_AUDIENCE = 'bridge-talk-member';
export const MEMBER_CODE_TTL_SECONDS = 15 * 60;
export const MEMBER_TOKEN_TTL_SECONDS = 12 * 60 * 60;

export function generateMemberCode(): string {
  let code = '';
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

function proof(
  key: TokenKey,
  input: { email: string; memberId: string; code: string; nonce: string },
): string {
  return createHmac('sha256', KeyObject.from(key))
    .update(`member-code|${input.email}|${input.memberId}|${normaliseCode(input.code)}|${input.nonce}`)
    .digest('base64url');
}

const ZCodeState = z.object({ email: z.string(), nonce: z.string(), proof: z.string() });

/** The state sent back with the code; `memberId` null (nobody has this address) makes one no code fits. */
export function signCodeState(
  key: TokenKey,
  input: { email: string; memberId: string | null; code: string },
): Promise<string> {
  const nonce = randomUUID();
  const memberId = input.memberId ?? `nobody-${randomUUID()}`;
  return new SignJWT({ email: input.email, nonce, proof: proof(key, { ...input, memberId, nonce }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(CODE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${MEMBER_CODE_TTL_SECONDS}s`)
    .sign(key);
}

/** Whether the code is the one e-mailed to this member with this state (unexpired). */
export async function checkCodeState(
  key: TokenKey,
  input: { state: string; email: string; memberId: string; code: string },
): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(input.state, key, { audience: CODE_AUDIENCE, algorithms: ['HS256'] });
    const state = ZCodeState.parse(payload);
    if (state.email !== input.email) return false;
    const expected = Buffer.from(proof(key, { ...input, nonce: state.nonce }));
    const given = Buffer.from(state.proof);
    return expected.length === given.length && timingSafeEqual(expected, given);
  } catch {
    return false;
  }
}

export function signMemberToken(key: TokenKey, memberId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(memberId)
    .setIssuedAt()
    .setExpirationTime(`${MEMBER_TOKEN_TTL_SECONDS}s`)
    .sign(key);
}

/** The member id of a valid member token; null for anything else (a portal token included). */
export async function verifyMemberToken(key: TokenKey, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: ['HS256'],
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

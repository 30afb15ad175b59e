import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { TokenKey } from './token-key.js';

const ZClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  role: z.enum(['admin', 'entity']),
  name: z.string(),
  email: z.string(),
  /** The session opens only the adding of a second factor (an admin the platform requires one of). */
  addFactor: z.literal(true).optional(),
});
export type AccessClaims = z.infer<typeof ZClaims>;

const ISSUER = 'bridge-talk-portal';

export function signAccessToken(key: TokenKey, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  const { sid, role, name, email, addFactor } = claims;
  return new SignJWT(addFactor ? { sid, role, name, email, addFactor } : { sid, role, name, email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

/**
 * Tokens already verified, with their claims and expiry (seconds), per key. A browser sends the same
 * access token with every request until it expires, and checking its signature (an HMAC job of
 * WebCrypto) is a visible share of a signed-in read's cost: a token is checked once, and its expiry
 * on every use. Revocation is not cached: the session is read on every request.
 */
const VERIFIED_TOKENS_MAX = 10_000;
const verifiedTokens = new WeakMap<TokenKey, Map<string, { claims: AccessClaims; exp: number }>>();

/** The claims of a valid, unexpired token signed by us; null for anything else. */
export async function verifyAccessToken(key: TokenKey, token: string): Promise<AccessClaims | null> {
  let verified = verifiedTokens.get(key);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(key, verified);
  }
  const known = verified.get(token);
  // As jose decides: expired once the current second reaches `exp`.
  if (known) {
    if (Math.floor(Date.now() / 1000) < known.exp) return known.claims;
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const parsed = ZClaims.safeParse(payload);
    if (!parsed.success) return null;
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
      verified.set(token, { claims: parsed.data, exp: payload.exp });
    }
    return parsed.data;
  } catch {
    return null;
  }
}

/**
 * An attachment's address carries this instead of the bearer token, because an <img> or <video> sends
 * no header: it names the session and the one channel whose attachments it opens, and is good for a
 * working day. It is not an access token (no role, another audience), and the session and the
 * channel's tenancy are checked again on every use.
 */
const MEDIA_AUDIENCE = 'media';
const MEDIA_TOKEN_TTL_SECONDS = 8 * 60 * 60;
const ZMediaClaims = z.object({ sub: z.string(), sid: z.string(), scope: z.string() });

/**
 * Media tokens signed this hour, per key: the same claims within the hour make the same token, so each
 * page of a conversation does not sign it again (an HMAC job per page).
 */
const signedMediaTokens = new WeakMap<TokenKey, { issuedAt: number; tokens: Map<string, Promise<string>> }>();

export function signMediaToken(
  key: TokenKey,
  claims: { sub: string; sid: string; scope: string },
): Promise<string> {
  // Issued on the hour: every page of the conversation (and its refresh every 50 s) carries the same
  // token within the hour, so the addresses do not change and the browser does not load the pictures
  // again. It is good for 7 to 8 hours.
  const issuedAt = Math.floor(Date.now() / 3_600_000) * 3600;
  let signed = signedMediaTokens.get(key);
  if (!signed || signed.issuedAt !== issuedAt) {
    signed = { issuedAt, tokens: new Map() };
    signedMediaTokens.set(key, signed);
  }
  const id = JSON.stringify([claims.sub, claims.sid, claims.scope]);
  let token = signed.tokens.get(id);
  if (!token) {
    if (signed.tokens.size >= VERIFIED_TOKENS_MAX) signed.tokens.clear();
    token = signMediaTokenAt(key, claims, issuedAt);
    signed.tokens.set(id, token);
    // A failed signature is not kept.
    token.catch(() => signed.tokens.delete(id));
  }
  return token;
}

function signMediaTokenAt(
  key: TokenKey,
  claims: { sub: string; sid: string; scope: string },
  issuedAt: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sid, scope: claims.scope })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(MEDIA_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + MEDIA_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** The session of a valid media token for exactly this scope; null for anything else. */
export async function verifyMediaToken(
  key: TokenKey,
  token: string,
  scope: string,
): Promise<{ sub: string; sid: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: MEDIA_AUDIENCE,
      algorithms: ['HS256'],
    });
    const parsed = ZMediaClaims.safeParse(payload);
    return parsed.success && parsed.data.scope === scope ? parsed.data : null;
  } catch {
    return null;
  }
}

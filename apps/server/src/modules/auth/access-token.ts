import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { TokenKey } from './token-key.js';

const ZClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  role: z.enum(['admin', 'entity']),
  name: z.string(),
  email: z.string(),
});
export type AccessClaims = z.infer<typeof ZClaims>;

const ISSUER = 'bridge-talk-portal';

export function signAccessToken(key: TokenKey, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sid, role: claims.role, name: claims.name, email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

/** The claims of a valid, unexpired token signed by us; null for anything else. */
export async function verifyAccessToken(key: TokenKey, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const parsed = ZClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
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
export const MEDIA_TOKEN_TTL_SECONDS = 8 * 60 * 60;
const ZMediaClaims = z.object({ sub: z.string(), sid: z.string(), scope: z.string() });

export function signMediaToken(
  key: TokenKey,
  claims: { sub: string; sid: string; scope: string },
): Promise<string> {
  // Issued on the hour: every page of the conversation (and its refresh every 50 s) carries the same
  // token within the hour, so the addresses do not change and the browser does not load the pictures
  // again. It is good for 7 to 8 hours.
  const issuedAt = Math.floor(Date.now() / 3_600_000) * 3600;
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

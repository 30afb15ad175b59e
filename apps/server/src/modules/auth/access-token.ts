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

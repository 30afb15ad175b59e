// The signing key is imported once as a WebCrypto key; what it signs and accepts is what the raw secret
// signed and accepted before, so tokens issued before the change stay valid.
import { createHmac, KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token.js';
import { importTokenKey } from './token-key.js';

const SECRET = 'a-secret-of-the-kind-randomToken-makes-0123456789';
const claims = {
  sub: 'user-1',
  sid: 'session-1',
  role: 'entity',
  name: 'Erin Agent',
  email: 'e@test.local',
} as const;

describe('importTokenKey', () => {
  it('is an HMAC SHA-256 key that signs and verifies and cannot be exported', async () => {
    const key = await importTokenKey(SECRET);
    expect(key.algorithm).toMatchObject({ name: 'HMAC', hash: { name: 'SHA-256' } });
    expect(key.usages.sort()).toEqual(['sign', 'verify']);
    expect(key.extractable).toBe(false);
  });

  it('accepts tokens signed with the raw secret, and the raw secret accepts its tokens', async () => {
    const key = await importTokenKey(SECRET);
    const raw = new TextEncoder().encode(SECRET);
    const before = await new SignJWT({
      sid: claims.sid,
      role: claims.role,
      name: claims.name,
      email: claims.email,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer('bridge-talk-portal')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(raw);
    expect(await verifyAccessToken(key, before)).toEqual(claims);
    const after = await signAccessToken(key, claims, 60);
    expect((await jwtVerify(after, raw)).payload).toMatchObject({ sub: claims.sub, sid: claims.sid });
    // The member code's proof is the same HMAC as with the raw secret.
    expect(createHmac('sha256', KeyObject.from(key)).update('proof').digest('hex')).toBe(
      createHmac('sha256', raw).update('proof').digest('hex'),
    );
  });

  it('refuses tokens of another secret, expired tokens and tokens of another issuer', async () => {
    const key = await importTokenKey(SECRET);
    expect(
      await verifyAccessToken(key, await signAccessToken(await importTokenKey(`${SECRET}!`), claims, 60)),
    ).toBeNull();
    expect(await verifyAccessToken(key, await signAccessToken(key, claims, -60))).toBeNull();
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('someone-else')
      .setExpirationTime('60s')
      .sign(key);
    expect(await verifyAccessToken(key, foreign)).toBeNull();
  });
});

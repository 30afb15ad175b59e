// Authenticator-app codes on a chosen clock, and the sealing of their secrets.
import { webcrypto } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { decryptSecret, deriveSecretKey, encryptSecret, matchTotpStep, newTotpSecret } from './totp.js';

const T0 = Date.UTC(2026, 10, 28, 9, 0, 5);
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

describe('matchTotpStep', () => {
  const { secret } = newTotpSecret('erin@test.local');

  it('takes the current code and the previous step’s, never a later step’s or an older one', async () => {
    const step = Math.floor(T0 / 30_000);
    expect(await matchTotpStep(secret, await codeAt(secret, T0), { nowMs: T0, afterStep: null })).toBe(step);
    expect(
      await matchTotpStep(secret, await codeAt(secret, T0 - 30_000), { nowMs: T0, afterStep: null }),
    ).toBe(step - 1);
    expect(
      await matchTotpStep(secret, await codeAt(secret, T0 + 30_000), { nowMs: T0, afterStep: null }),
    ).toBeNull();
    expect(
      await matchTotpStep(secret, await codeAt(secret, T0 - 90_000), { nowMs: T0, afterStep: null }),
    ).toBeNull();
  });

  it('refuses a step already used: a replay', async () => {
    const code = await codeAt(secret, T0);
    const step = Math.floor(T0 / 30_000);
    expect(await matchTotpStep(secret, code, { nowMs: T0, afterStep: step })).toBeNull();
    expect(await matchTotpStep(secret, code, { nowMs: T0, afterStep: step - 1 })).toBe(step);
  });

  it('answers null for a code of another secret or of no digits', async () => {
    const other = newTotpSecret('other@test.local').secret;
    expect(await matchTotpStep(secret, await codeAt(other, T0), { nowMs: T0, afterStep: null })).toBeNull();
    expect(await matchTotpStep(secret, 'abcdef', { nowMs: T0, afterStep: null })).toBeNull();
  });
});

describe('sealed secrets', () => {
  const key = (secret: string) =>
    webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );

  it('open only under the same token key and for the same account', async () => {
    const tokenKey = await deriveSecretKey(await key('the-token-key-of-this-portal'));
    const sealed = encryptSecret(tokenKey, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(tokenKey, sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret(tokenKey, sealed, 'user-2')).toThrow();
    const otherKey = await deriveSecretKey(await key('another-token-key'));
    expect(() => decryptSecret(otherKey, sealed, 'user-1')).toThrow();
  });
});

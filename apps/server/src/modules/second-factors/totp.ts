// Authenticator-app codes (RFC 6238: 6 digits, 30-second steps, SHA-1, as every app reads an
// otpauth:// address) and the encryption of their secrets at rest. The secret is encrypted with
// AES-256-GCM under a key derived from the token key, which lives outside the database: the database
// alone holds nothing that makes a code.
import { createCipheriv, createDecipheriv, randomBytes, webcrypto } from 'node:crypto';
import { MSG } from '@bridge-talk/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import type { TokenKey } from '../auth/token-key.js';

const ISSUER = MSG.secondFactor.issuer;
const TOTP_PERIOD_SECONDS = 30;

/** The AES key of the secrets: HMAC(token key, label), so a new token key makes the old secrets unreadable. */
export async function deriveSecretKey(tokenKey: TokenKey): Promise<Buffer> {
  const mac = await webcrypto.subtle.sign('HMAC', tokenKey, new TextEncoder().encode('totp-secret-key'));
  return Buffer.from(mac);
}

/** iv, tag and ciphertext, base64url, joined by dots. The user id is bound in: a row copied to another account does not decrypt. */
export function encryptSecret(key: Buffer, secret: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

export function decryptSecret(key: Buffer, sealed: string, userId: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** A new secret (160 bits, base32) and the otpauth:// address an app scans from a QR code. */
export function newTotpSecret(accountEmail: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: ISSUER, label: accountEmail, secret }) };
}

/**
 * The time step a code belongs to when it is the secret's code now or one step ago (a code typed as
 * its step ended), later than `afterStep`; else null. `nowMs`: the clock (tests choose it).
 */
export async function matchTotpStep(
  secret: string,
  code: string,
  { nowMs, afterStep }: { nowMs: number; afterStep: number | null },
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: [TOTP_PERIOD_SECONDS, 0],
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

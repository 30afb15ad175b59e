import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens and codes are stored only as their SHA-256. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// The key every token the portal issues is signed with: access tokens, flow states, member tokens and
// the member code's proof.
import { webcrypto } from 'node:crypto';

export type TokenKey = webcrypto.CryptoKey;

/**
 * The secret as a WebCrypto HMAC key, imported once. Given the raw bytes (or a secret KeyObject, which
 * it exports back to bytes), jose imports them again for every signature and every check, which would
 * double the cost of verifying the access token each authenticated request carries.
 */
export function importTokenKey(secret: string): Promise<TokenKey> {
  return webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

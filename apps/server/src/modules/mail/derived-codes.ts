// E-mailed codes are never stored, queued or logged in a form that can be typed: a code is derived,
// when it is needed, as an HMAC of a label (a code row's id, a member sign-in's nonce) under the token
// key, which lives outside the database (JWT_SECRET or DATA_DIR/token.key). The database keeps the
// code's hash; a mail job and mail_messages keep the message with CODE_SLOT in its place.
import { webcrypto } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@bridge-talk/contract';

/** 32 letters and digits without look-alikes (no I, O, 0, 1): a byte modulo 32 picks one evenly. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Where a queued message's code goes; filled in by the mail job as it sends the message. */
export const CODE_SLOT = '[code]';

export async function deriveCode(key: webcrypto.CryptoKey, label: string): Promise<string> {
  const mac = new Uint8Array(
    await webcrypto.subtle.sign('HMAC', key, new TextEncoder().encode(`e-mailed-code|${label}`)),
  );
  let code = '';
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) code += ALPHABET[mac[i]! % ALPHABET.length];
  return code;
}

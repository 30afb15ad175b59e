// Recovery codes: ten random codes of 12 letters and digits (60 bits each), shown once, kept as their
// SHA-256 (random and long, they need no slow hash; sign-in attempts are counted besides).
import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@bridge-talk/contract';
import { sha256 } from '../../lib/secrets.js';

/** Letters and digits without look-alikes (no I, O, 0, 1): a byte modulo 32 picks one evenly. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newRecoveryCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** The hash of a code as typed: case, spaces and dashes do not matter. */
export function recoveryCodeHash(typed: string): string {
  return sha256(`recovery-code|${typed.toUpperCase().replace(/[^A-Z0-9]/g, '')}`);
}

// The kinds of second factor, and what the sign-in's second step asks for, without zod: the login page
// reads them before any schema is loaded.
import { MSG } from '../messages.js';

/** The kinds of second factor an account can hold: authenticator apps and passkeys (WebAuthn). */
export const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/** What the second-factor step asks for, by the kinds the account holds. */
export function secondFactorNeeded(kinds: readonly SecondFactorKind[]): string {
  if (!kinds.includes('passkey')) return MSG.secondFactor.codeNeeded;
  return kinds.includes('totp') ? MSG.secondFactor.passkeyOrCodeNeeded : MSG.secondFactor.passkeyNeeded;
}

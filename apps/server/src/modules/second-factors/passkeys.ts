// Passkeys (WebAuthn) through @simplewebauthn/server: the options a browser's ceremony starts from,
// and the check of its answers against the portal's public address. Whatever the library refuses (a
// malformed answer, a wrong signature, another origin, a counter gone back) is null here: its own
// messages never reach a browser.
import { MSG } from '@bridge-talk/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppContext } from '../../app-context.js';
import { portalUrl } from '../../lib/portal-url.js';

/** A ceremony left unanswered this long is void; the browser's prompt gives up at the same time. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** A stored passkey as the checks need it. */
export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** The relying party is the portal at its public address: its host name and its origin. */
export function relyingParty(ctx: Pick<AppContext, 'config'>) {
  const url = new URL(portalUrl(ctx, '/'));
  return { id: url.hostname, origin: url.origin, name: MSG.secondFactor.issuer };
}

type RelyingParty = ReturnType<typeof relyingParty>;

/**
 * A second factor after the password: presence is asked, verification (PIN, biometrics) preferred
 * and not required, and the account's passkeys are not offered twice.
 */
export function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  existing: StoredPasskey[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(user.id),
    userName: user.email,
    userDisplayName: user.name,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptor),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

export function authenticationOptions(rp: RelyingParty, passkeys: StoredPasskey[]) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    allowCredentials: passkeys.map(descriptor),
    userVerification: 'preferred',
  });
}

function descriptor(passkey: StoredPasskey) {
  return { id: passkey.credentialId, transports: passkey.transports };
}

/** The new passkey a registration answer proves, or null when it proves nothing. */
export async function verifiedRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<StoredPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: response.response.transports ?? [],
    };
  } catch {
    return null;
  }
}

/** The passkey's new signature counter when the answer is its signature of the challenge; else null. */
export async function verifiedAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StoredPasskey,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

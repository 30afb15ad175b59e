// The browser's passkey prompts, through @simplewebauthn/browser loaded only when one opens: most
// visits never use a passkey, so the library stays out of the main bundle.
import type { PasskeyOptionsResponse, PasskeyStartResponse } from '@bridge-talk/contract';

/** The prompt was closed, timed out, or the browser could not use a passkey: nothing reached the server. */
export class PasskeyPromptError extends Error {}

function promptFailed(error: unknown): never {
  throw new PasskeyPromptError(error instanceof Error ? error.message : String(error), { cause: error });
}

/** Asks the browser to make a passkey for these options; its answer for the server. */
export async function createPasskey(options: PasskeyStartResponse['options']) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options }).catch(promptFailed);
}

/** Asks the browser to sign these options' challenge with one of the account's passkeys. */
export async function signWithPasskey(options: PasskeyOptionsResponse['options']) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options }).catch(promptFailed);
}

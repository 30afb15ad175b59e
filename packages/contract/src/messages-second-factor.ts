// A professional's second factor (not in the spec): authenticator apps, passkeys and recovery codes.
// Part of the catalogue (MSG.secondFactor).

export const SECOND_FACTOR_TEXTS = {
  secondFactor: {
    /** The name an authenticator app shows beside the account (the otpauth:// issuer). */
    issuer: 'Bridge Talk',
    /** Login answered 428 with method 'second-factor': the account holds authenticator apps only. */
    codeNeeded: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    /** …passkeys only. */
    passkeyNeeded: 'Use your passkey, or enter one of your recovery codes.',
    /** …both passkeys and authenticator apps. */
    passkeyOrCodeNeeded:
      'Use your passkey, or enter the 6-digit code from your authenticator app or one of your recovery codes.',
    /** A code that is not the factor's current one, a recovery code unknown or used, or a replay. */
    codeWrong: 'This code is not valid. Enter the current code from your authenticator app.',
    codeFormat: 'Enter the 6-digit code or a recovery code.',
    nameRequired: 'Give this authenticator a name.',
    /** An enrolment that was never started, or already confirmed. */
    enrolmentExpired: 'This set-up has expired. Start again.',
    enrolled: 'The authenticator app was added.',
    removed: 'The authenticator app was removed. Your other sessions were signed out.',
    notFound: 'This authenticator no longer exists.',
    passwordWrong: 'The password is not right.',
    passkeyEnrolled: 'The passkey was added.',
    passkeyRemoved: 'The passkey was removed. Your other sessions were signed out.',
    /** The same authenticator added twice, to this account or another. */
    passkeyExists: 'This passkey is already added.',
    /** A passkey answer that does not verify: a wrong key or signature, another origin, or a replay. */
    passkeyWrong: 'This passkey was not accepted. Try again, or use another way to sign in.',
    /** The browser's prompt was closed, timed out, or the browser has no passkeys. */
    passkeyCancelled: 'The passkey was not used. Try again when you are ready.',
    recoveryCodesReplaced: 'New recovery codes were made. The old ones no longer work.',
    /** Recovery codes exist only beside an active factor. */
    noFactor: 'Add an authenticator app first.',
    reset: 'The second factor of this account was reset.',
    cannotResetOwn: 'You cannot reset your own second factor here: remove it in your account settings.',
  },
} as const;

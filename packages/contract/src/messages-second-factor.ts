// A professional's second factor (not in the spec): authenticator apps and recovery codes. Part of
// the catalogue (MSG.secondFactor).

export const SECOND_FACTOR_TEXTS = {
  secondFactor: {
    /** The name an authenticator app shows beside the account (the otpauth:// issuer). */
    issuer: 'Bridge Talk',
    /** Login answered 428 with method 'totp': the password was right, the account has a factor. */
    codeNeeded: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
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
    recoveryCodesReplaced: 'New recovery codes were made. The old ones no longer work.',
    /** Recovery codes exist only beside an active factor. */
    noFactor: 'Add an authenticator app first.',
    reset: 'The second factor of this account was reset.',
    cannotResetOwn: 'You cannot reset your own second factor here: remove it in your account settings.',
  },
} as const;

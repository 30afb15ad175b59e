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

    // The account settings' section.
    sectionTitle: 'Two-step sign-in',
    sectionIntro:
      'After your password, sign in with a second factor: a passkey (this device’s fingerprint, face or PIN, or a security key) or an authenticator app on your phone. Recovery codes get you in if you lose them.',
    noFactors: 'No second factor yet: you sign in with your password alone.',
    loadFailed: 'Your second factors could not be loaded.',
    addTotp: 'Add an authenticator app',
    totpTitle: 'Add an authenticator app',
    totpScan: 'Scan this QR code with your authenticator app, or type the key below into it.',
    totpKey: 'Key',
    totpQrLabel: 'QR code of the key for your authenticator app',
    totpConfirmHelp: 'Then enter the 6-digit code the app shows, and a name to recognise this app by.',
    startFailed: 'The set-up could not be started. Try again.',
    kindTotp: 'Authenticator app',
    kindPasskey: 'Passkey',
    addedOn: (date: string) => `Added ${date}`,
    lastUsed: (date: string) => `last used ${date}`,
    neverUsed: 'never used',
    remove: 'Remove',
    removeTitle: (name: string) => `Remove "${name}"?`,
    removeText: 'Type your password to remove this second factor. Your other sessions will be signed out.',
    recoveryCodesLeft: (left: number) =>
      left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`,
    replaceRecoveryCodes: 'Make new recovery codes',
    replaceTitle: 'Make new recovery codes',
    replaceText: 'Type your password. The recovery codes you have now will stop working.',
    recoveryCodesTitle: 'Your recovery codes',
    recoveryCodesText:
      'Keep these codes somewhere safe, apart from your phone. Each signs you in once if you lose your second factor. They are shown only now.',
    copyCodes: 'Copy the codes',
    codesCopied: 'The recovery codes were copied.',
    downloadCodes: 'Download the codes',
    codesSaved: 'I have saved these codes',

    // The administrator's requirement and reset.
    mustAdd: 'Your platform requires a second factor for administrators: add one to continue.',
    policyTitle: 'Two-step sign-in for administrators',
    policyRequired: 'Require a second factor for all admins',
    policyHelp:
      'Admins without a second factor are asked to add one the next time they sign in, before they can do anything else.',
    policyOnConfirm:
      'Require a second factor for all admins? Those without one will have to add one before they can continue.',
    policyOffConfirm:
      'Stop requiring a second factor for admins? Admins can then sign in with their password alone.',
    policyOn: 'A second factor is now required for all admins.',
    policyOff: 'A second factor is no longer required for admins.',
    /** What the platform activity shows of a change of the requirement. */
    policyStateOn: 'Required for all admins',
    policyStateOff: 'Not required',
    policyLoadFailed: 'The two-step sign-in setting could not be loaded.',
    lastFactorRequired:
      'Your platform requires a second factor for administrators: add another one before removing this one.',
    resetButton: 'Reset second factor',
    resetConfirm: (name: string) =>
      `Reset the second factor of ${name}? Their passkeys, authenticator apps and recovery codes are removed, and they sign in with their password alone until they add one again.`,
  },
} as const;

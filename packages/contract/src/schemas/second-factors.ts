// A professional's second factors and recovery codes, and the second step of a sign-in that uses them.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { SECOND_FACTOR_KINDS } from '../rules/second-factors.js';
import { PASSWORD_MAX } from '../rules/text-limits.js';
import { SIGN_IN_STEP_METHODS, ZEmail, ZFlowStateToken, ZRole } from './auth.js';

export const ZSecondFactorKind = z.enum(SECOND_FACTOR_KINDS);

export const SECOND_FACTOR_NAME_MAX = 60;
/** How many recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: three groups of four letters and digits ('ABCD-EFGH-JKLM'). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

/**
 * 428 from login (or a password set by code): the sign-in needs a second step, given with this state,
 * by this method; for 'second-factor', the kinds the account holds (its recovery codes go with them).
 */
export const ZSecondStepResponse = z.object({
  message: z.string(),
  state: ZFlowStateToken,
  method: z.enum(SIGN_IN_STEP_METHODS),
  kinds: z.array(ZSecondFactorKind).optional(),
});

export const ZSecondFactorName = z
  .string()
  .trim()
  .min(1, MSG.secondFactor.nameRequired)
  .max(SECOND_FACTOR_NAME_MAX, MSG.validation.tooLong(MSG.fields.name, SECOND_FACTOR_NAME_MAX));

/** A code of an authenticator app: six digits (spaces typed between them are dropped). */
export const ZTotpCode = z
  .string()
  .max(16, MSG.validation.tooLong(MSG.fields.code, 16))
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, MSG.secondFactor.codeWrong));

/** One factor as its owner sees it in account settings: never its secret. */
export const ZSecondFactor = z.object({
  _id: z.string(),
  name: z.string(),
  kind: ZSecondFactorKind,
  /** ISO date-times. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type SecondFactor = z.infer<typeof ZSecondFactor>;

export const ZSecondFactorsResponse = z.object({
  factors: z.array(ZSecondFactor),
  /** Recovery codes not used yet (0 without a factor). */
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorsResponse = z.infer<typeof ZSecondFactorsResponse>;

/**
 * An enrolment started: the secret to type in, the otpauth:// address to show as a QR code, and the
 * id its confirmation names. Nothing is active until it is confirmed with a current code.
 */
export const ZTotpStartResponse = z.object({ factorId: z.string(), secret: z.string(), uri: z.string() });
export type TotpStartResponse = z.infer<typeof ZTotpStartResponse>;

export const ZTotpConfirmRequest = z.object({
  factorId: z.uuid(MSG.secondFactor.enrolmentExpired),
  code: ZTotpCode,
  name: ZSecondFactorName,
});
export type TotpConfirmRequest = z.input<typeof ZTotpConfirmRequest>;

/** Recovery codes in clear: answered once, when they are made, never again. */
export const ZRecoveryCodes = z.array(z.string());

/** An app confirmed or a passkey added: the factor, and the first factor's recovery codes. */
export const ZSecondFactorAddedResponse = z.object({
  message: z.string(),
  factor: ZSecondFactor,
  /** The first factor's recovery codes; null when the account already had a set. */
  recoveryCodes: ZRecoveryCodes.nullable(),
});
export type SecondFactorAddedResponse = z.infer<typeof ZSecondFactorAddedResponse>;

/** The account's password typed again: removing a factor or replacing the recovery codes. */
export const ZPasswordAgainRequest = z.object({
  password: z
    .string()
    .min(1, MSG.secondFactor.passwordWrong)
    .max(PASSWORD_MAX, MSG.validation.tooLong(MSG.fields.password, PASSWORD_MAX)),
});
export type PasswordAgainRequest = z.input<typeof ZPasswordAgainRequest>;

export const ZRecoveryCodesResponse = z.object({ message: z.string(), recoveryCodes: ZRecoveryCodes });
export type RecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponse>;

/**
 * The second step of a sign-in that answered 428 with method 'second-factor': an app's current code
 * or a recovery code, and the state the login answered with.
 */
export const ZLoginSecondFactorRequest = z.object({
  email: ZEmail(MSG.validation.emailWrong),
  role: ZRole,
  code: z
    .string()
    .trim()
    .min(6, MSG.secondFactor.codeFormat)
    .max(32, MSG.validation.tooLong(MSG.fields.code, 32)),
  state: ZFlowStateToken,
});
export type LoginSecondFactorRequest = z.input<typeof ZLoginSecondFactorRequest>;

/** Whether every admin must have a second factor (set by an administrator, or on once one enrolled). */
export const ZSecondFactorPolicy = z.object({ requiredForAdmins: z.boolean() });
export type SecondFactorPolicy = z.infer<typeof ZSecondFactorPolicy>;
// Passkeys (WebAuthn). The browser's JSON forms of its options and answers, as @simplewebauthn writes
// and reads them; every string is bounded so that a hostile body is refused before any parsing.
const ZBase64Url = (max: number) =>
  z
    .string()
    .max(max, MSG.secondFactor.passkeyWrong)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, MSG.secondFactor.passkeyWrong);
const ZTransports = z.array(z.string().max(32)).max(8);
const ZCredentialDescriptor = z.object({
  id: ZBase64Url(1400),
  type: z.string(),
  transports: ZTransports.optional(),
});
const ZUserVerification = z.enum(['discouraged', 'preferred', 'required']);
const ZHints = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional();

/** What `startRegistration` of @simplewebauthn/browser takes as `optionsJSON`. */
export const ZPasskeyRegistrationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: ZUserVerification.optional(),
    })
    .optional(),
  hints: ZHints,
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** What `startAuthentication` of @simplewebauthn/browser takes as `optionsJSON`. */
export const ZPasskeyAuthenticationOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(ZCredentialDescriptor).optional(),
  userVerification: ZUserVerification.optional(),
  hints: ZHints,
});

/**
 * A ceremony started: the browser's options, and the id of the server's single-use challenge that
 * the answer names.
 */
export const ZPasskeyStartResponse = z.object({
  challengeId: z.string(),
  options: ZPasskeyRegistrationOptions,
});
export type PasskeyStartResponse = z.infer<typeof ZPasskeyStartResponse>;

export const ZPasskeyOptionsResponse = z.object({
  challengeId: z.string(),
  options: ZPasskeyAuthenticationOptions,
});
export type PasskeyOptionsResponse = z.infer<typeof ZPasskeyOptionsResponse>;

const ZClientExtensionResults = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});

/** What `startRegistration` answers. */
export const ZPasskeyRegistrationResponse = z.object({
  id: ZBase64Url(1400),
  rawId: ZBase64Url(1400),
  response: z.object({
    clientDataJSON: ZBase64Url(4096),
    attestationObject: ZBase64Url(16_384),
    authenticatorData: ZBase64Url(8192).optional(),
    transports: ZTransports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    // Post-quantum keys (ML-DSA, which Node 24 verifies and browsers now offer) are up to 2.6 KB.
    publicKey: ZBase64Url(8192).optional(),
  }),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: ZClientExtensionResults,
  type: z.literal('public-key'),
});

/** What `startAuthentication` answers. */
export const ZPasskeyAuthenticationResponse = z.object({
  id: ZBase64Url(1400),
  rawId: ZBase64Url(1400),
  response: z.object({
    clientDataJSON: ZBase64Url(4096),
    authenticatorData: ZBase64Url(8192),
    // An ML-DSA-87 signature is 4.6 KB: 6 171 characters here.
    signature: ZBase64Url(8192),
    userHandle: ZBase64Url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: ZClientExtensionResults,
  type: z.literal('public-key'),
});
export type PasskeyAuthenticationResponse = z.infer<typeof ZPasskeyAuthenticationResponse>;

export const ZPasskeyConfirmRequest = z.object({
  challengeId: z.uuid(MSG.secondFactor.enrolmentExpired),
  name: ZSecondFactorName,
  response: ZPasskeyRegistrationResponse,
});
export type PasskeyConfirmRequest = z.input<typeof ZPasskeyConfirmRequest>;

/** A sign-in's passkey step asks for its challenge with the state the login answered with. */
export const ZLoginPasskeyOptionsRequest = z.object({
  email: ZEmail(MSG.validation.emailWrong),
  role: ZRole,
  state: ZFlowStateToken,
});
export type LoginPasskeyOptionsRequest = z.input<typeof ZLoginPasskeyOptionsRequest>;

export const ZLoginPasskeyRequest = ZLoginPasskeyOptionsRequest.extend({
  challengeId: z.uuid(MSG.secondFactor.passkeyWrong),
  response: ZPasskeyAuthenticationResponse,
});
export type LoginPasskeyRequest = z.input<typeof ZLoginPasskeyRequest>;

// A professional's second factors and recovery codes, and the second step of a sign-in that uses them.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { PASSWORD_MAX } from '../rules/text-limits.js';
import { ZEmail, ZFlowStateToken, ZRole } from './auth.js';

/** The kinds of second factor an account can hold; passkeys join this list with their own enrolment. */
export const SECOND_FACTOR_KINDS = ['totp'] as const;
export const ZSecondFactorKind = z.enum(SECOND_FACTOR_KINDS);
export type SecondFactorKind = z.infer<typeof ZSecondFactorKind>;

export const SECOND_FACTOR_NAME_MAX = 60;
/** How many recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: three groups of four letters and digits ('ABCD-EFGH-JKLM'). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

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

export const ZTotpConfirmResponse = z.object({
  message: z.string(),
  factor: ZSecondFactor,
  /** The first factor's recovery codes; null when the account already had a set. */
  recoveryCodes: ZRecoveryCodes.nullable(),
});
export type TotpConfirmResponse = z.infer<typeof ZTotpConfirmResponse>;

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
 * The second step of a sign-in that answered 428 with method 'totp': the app's current code or a
 * recovery code, and the state the login answered with.
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

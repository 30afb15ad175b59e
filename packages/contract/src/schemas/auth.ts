import { z } from 'zod';
import { MSG } from '../messages.js';
import { ZVerificationCode } from '../rules/codes.js';
import { isStrongPassword, PASSWORD_MIN_SAVE } from '../rules/password.js';
import { formatPhone, PHONE_DIGITS, phoneDigits } from '../rules/phone.js';
import { EMAIL_MAX, ENTITY_NAME_MAX, PASSWORD_MAX, SIGNUP_NAME_MAX } from '../rules/text-limits.js';
import { type PersonNameMessages, ZNamePart, ZPersonFullName } from './person-names.js';

export const ROLES = ['admin', 'entity'] as const;
export const ZRole = z.enum(ROLES);
export type Role = z.infer<typeof ZRole>;

export const ZSubtype = z.enum(['admin', 'agency', 'lawyer']);
export type Subtype = z.infer<typeof ZSubtype>;

const passwordTooLong = MSG.validation.tooLong(MSG.fields.password, PASSWORD_MAX);
const entityNameTooLong = MSG.validation.tooLong(MSG.fields.entityName, ENTITY_NAME_MAX);
const organizationNameTooLong = MSG.validation.tooLong(MSG.fields.organizationName, ENTITY_NAME_MAX);

/** An e-mail address as every form of the spec takes it: trimmed, valid, compared lower-case. */
export const ZEmail = (message: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, MSG.validation.tooLong(MSG.fields.email, EMAIL_MAX))
    .pipe(z.email(message));

/**
 * A US phone number, whole: its ten digits (a country code 1 in front is dropped), kept in the mask's
 * form '(555) 123-4567'. A number short of a digit is refused, never stored.
 */
export const ZPhone = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((phone) => phoneDigits(phone).length === PHONE_DIGITS, MSG.validation.phoneWrong)
    .transform(formatPhone);

export const ZLoginRequest = z.object({
  email: ZEmail(MSG.validation.emailWrong),
  password: z.string().min(6, MSG.validation.passwordMin).max(PASSWORD_MAX, passwordTooLong),
  role: ZRole,
  rememberMe: z.boolean().default(true),
});
export type LoginRequest = z.input<typeof ZLoginRequest>;

/** The signed-in user as the portal shows it. */
export const ZSessionUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  subtype: ZSubtype,
  entityName: z.string().nullable(),
  coupon: z.string().nullable(),
  /**
   * True while the platform requires a second factor of this admin and they have none: the session
   * opens only their account settings until they add one. Absent otherwise.
   */
  mustAddSecondFactor: z.literal(true).optional(),
});
export type SessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({
  accessToken: z.string(),
  /** Seconds until the access token expires; the client refreshes shortly before. */
  expiresIn: z.number().int(),
  user: ZSessionUser,
  message: z.string(),
});
export type SessionResponse = z.infer<typeof ZSessionResponse>;

/** The `state` carried between the steps of a code flow: opaque to the client. */
export const ZFlowStateToken = z.string().min(10).max(2048);

/** 406 from login: the account has no password yet; an activation code was e-mailed. */
export const ZPasswordNotSetResponse = z.object({ message: z.string(), state: ZFlowStateToken });

/**
 * How the second step of a sign-in is given: a code e-mailed after many wrong passwords ('email-code'),
 * or the account's own second factor ('second-factor'): a passkey, an authenticator app's code or a
 * recovery code. The 428's answer (ZSecondStepResponse, with the second factors) names it.
 */
export const SIGN_IN_STEP_METHODS = ['email-code', 'second-factor'] as const;
export type SignInStepMethod = (typeof SIGN_IN_STEP_METHODS)[number];

/** The second step of a sign-in: the e-mailed code and the state the login answered with. */
export const ZLoginCodeRequest = z.object({
  email: ZEmail(MSG.validation.emailWrong),
  role: ZRole,
  code: ZVerificationCode,
  state: ZFlowStateToken,
});
export type LoginCodeRequest = z.input<typeof ZLoginCodeRequest>;

export const ZForgotPasswordRequest = z.object({
  email: z.string().trim().min(1, MSG.validation.emailRequired).pipe(ZEmail(MSG.validation.emailWrong)),
  role: ZRole,
});
export type ForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

/** A step of a code flow that succeeded: its message and the state for the next step. */
export const ZFlowStepResponse = z.object({ message: z.string(), state: ZFlowStateToken });
export type FlowStepResponse = z.infer<typeof ZFlowStepResponse>;

export const ZValidateCodeRequest = z.object({
  email: ZEmail(MSG.validation.emailWrong),
  code: ZVerificationCode,
  state: ZFlowStateToken,
  role: ZRole,
});
export type ValidateCodeRequest = z.input<typeof ZValidateCodeRequest>;

/** The strong-password rule of the new-password screens: 8+, upper, lower, digit. */
export const ZStrongPassword = z
  .string()
  .min(PASSWORD_MIN_SAVE, MSG.validation.passwordMin)
  .max(PASSWORD_MAX, passwordTooLong)
  .refine((p) => isStrongPassword(p, p), MSG.validation.invalidPassword);

export const ZSetPasswordRequest = z.object({
  email: ZEmail(MSG.validation.emailWrong),
  password: ZStrongPassword,
  state: ZFlowStateToken,
  role: ZRole,
});
export type SetPasswordRequest = z.input<typeof ZSetPasswordRequest>;

/** The two password fields of the new-password and change-password screens. */
export const ZNewPasswordForm = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_SAVE, MSG.validation.passwordMin)
      .max(PASSWORD_MAX, passwordTooLong),
    confirmation: z
      .string()
      .min(PASSWORD_MIN_SAVE, MSG.validation.passwordMin)
      .max(PASSWORD_MAX, passwordTooLong),
  })
  .superRefine((value, ctx) => {
    if (!isStrongPassword(value.password, value.password)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.validation.invalidPassword });
    }
    if (value.password !== value.confirmation) {
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: MSG.validation.passwordsDifferent });
    }
  });
export type NewPasswordForm = z.infer<typeof ZNewPasswordForm>;

export const ZSignupSubtype = z.enum(['agency', 'lawyer']);

/** The request-access form (spec: signup). The entity name is asked of agencies only. */
export const ZRegisterRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(3, MSG.validation.nameMin)
      .max(SIGNUP_NAME_MAX, MSG.validation.tooLong(MSG.fields.name, SIGNUP_NAME_MAX)),
    entityName: z.string().trim().max(ENTITY_NAME_MAX, entityNameTooLong).optional().nullable(),
    email: ZEmail(MSG.validation.emailWrong),
    phone: ZPhone(MSG.validation.phoneWrong),
    subtype: ZSignupSubtype.default('lawyer'),
  })
  .superRefine((value, ctx) => {
    if (value.subtype === 'agency' && (value.entityName ?? '').length < 3) {
      ctx.addIssue({ code: 'custom', path: ['entityName'], message: MSG.validation.signupEntityNameMin });
    }
  });
export type RegisterRequest = z.input<typeof ZRegisterRequest>;

/** Account settings words a short name its own way (the spec gives the first-name text for both). */
const ACCOUNT_NAME: PersonNameMessages = {
  firstName: { required: MSG.validation.accountFirstNameMin, min: MSG.validation.accountFirstNameMin },
  lastName: { required: MSG.validation.accountLastNameMin, min: MSG.validation.accountLastNameMin },
};

/** Account settings: names, e-mail and (for entities) the organisation name. */
export const ZAccountSettingsForm = z.object({
  firstName: ZNamePart('firstName', ACCOUNT_NAME.firstName),
  lastName: ZNamePart('lastName', ACCOUNT_NAME.lastName),
  email: ZEmail(MSG.validation.emailWrong),
  entityName: z.string().trim().max(ENTITY_NAME_MAX, organizationNameTooLong),
});
export type AccountSettingsForm = z.infer<typeof ZAccountSettingsForm>;

export const ZUpdateMeRequest = z.object({
  name: ZPersonFullName(ACCOUNT_NAME),
  email: ZEmail(MSG.validation.emailWrong),
  entityName: z
    .string()
    .trim()
    .min(3, MSG.validation.organizationNameMin)
    .max(ENTITY_NAME_MAX, organizationNameTooLong)
    .optional()
    .nullable(),
});
export type UpdateMeRequest = z.input<typeof ZUpdateMeRequest>;

export const ZUpdateMeResponse = z.object({ message: z.string(), emailChangePending: z.boolean() });
export type UpdateMeResponse = z.infer<typeof ZUpdateMeResponse>;

export const ZCodeRequest = z.object({ code: ZVerificationCode });
export type CodeRequest = z.input<typeof ZCodeRequest>;

export const ZChangePasswordRequest = z.object({ state: ZFlowStateToken, password: ZStrongPassword });
export type ChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

import { z } from 'zod';
import { MSG } from '../messages.js';

export const ROLES = ['admin', 'entity'] as const;
export const ZRole = z.enum(ROLES);
export type Role = z.infer<typeof ZRole>;

export const ZSubtype = z.enum(['admin', 'agency', 'lawyer']);
export type Subtype = z.infer<typeof ZSubtype>;

/** An e-mail address as every form of the spec takes it: trimmed, valid, compared lower-case. */
export const ZEmail = (message: string) =>
  z.string().trim().toLowerCase().max(254, message).pipe(z.email(message));

export const ZLoginRequest = z.object({
  email: ZEmail(MSG.validation.emailWrong),
  password: z.string().min(6, MSG.validation.passwordMin).max(256),
  role: ZRole,
  rememberMe: z.boolean().default(true),
});
export type LoginRequest = z.input<typeof ZLoginRequest>;

/** The signed-in user as the portal shows it (spec section 3, 'Session user'). */
export const ZSessionUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  subtype: ZSubtype,
  entityName: z.string().nullable(),
  coupon: z.string().nullable(),
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

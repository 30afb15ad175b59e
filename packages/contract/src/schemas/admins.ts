// Bridge Talk Admin: the administrators of the portal.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { ZEmail } from './auth.js';
import { type PersonNameMessages, ZNamePart, ZPersonFullName } from './person-names.js';

/** The phone an admin account always carries: a fixed placeholder. */
export const ADMIN_PHONE_PLACEHOLDER = '(000) 000-0000';
export const ADMIN_PAGE_SIZE = 10;

export const ZAdminUser = z.object({
  _id: z.string(),
  /** First and last name joined by a space. */
  name: z.string(),
  email: z.string(),
  subtype: z.literal('admin'),
  phone: z.string(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

/** GET /api/admin/users/list: `?page=` for a page of the list, or `?id=` for one admin. */
export const ZAdminListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
  id: z.string().trim().min(1).max(64).optional(),
});
export type AdminListQuery = z.input<typeof ZAdminListQuery>;

export const ZAdminListResponse = z.object({
  result: z.array(ZAdminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminListResponse = z.infer<typeof ZAdminListResponse>;

const ADMIN_NAME: PersonNameMessages = {
  firstName: { required: MSG.validation.firstNameRequired, min: MSG.validation.firstNameMin },
  lastName: { required: MSG.validation.lastNameRequired, min: MSG.validation.lastNameMin },
};

const adminEmail = z
  .string({ error: MSG.validation.emailRequired })
  .trim()
  .min(1, MSG.validation.emailRequired)
  .pipe(ZEmail(MSG.validation.emailWrong));

/** The Add Admin Account / edit form. */
export const ZAdminForm = z.object({
  firstName: ZNamePart('firstName', ADMIN_NAME.firstName),
  lastName: ZNamePart('lastName', ADMIN_NAME.lastName),
  email: adminEmail,
});
export type AdminFormValues = z.input<typeof ZAdminForm>;

/**
 * POST /api/admin/users/create and PUT /api/admin/users/edit/{id}: the name is 'first last' and each
 * part follows the form's rule; the phone is the fixed placeholder (any value sent is not kept).
 */
export const ZAdminRequest = z.object({
  name: ZPersonFullName(ADMIN_NAME),
  email: adminEmail,
  subtype: z.literal('admin').default('admin'),
  phone: z.string().max(32).optional(),
});
export type AdminRequest = z.input<typeof ZAdminRequest>;

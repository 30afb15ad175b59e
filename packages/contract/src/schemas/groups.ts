// Families (groups) as an entity manages them (spec section 2, 'Entity menu and routes'; section 3,
// 'Group'; section 7, the /group/list and /group/edit calls), and the wizard's child-and-plan step.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { FAMILY_PAGE_SIZE } from '../rules/families.js';
import { splitName } from '../rules/names.js';
import { PLAN_TYPES } from '../rules/price.js';
import { ZSortDirection } from './entities.js';

export const GROUP_NAME_MIN = 3;
export const GROUP_NAME_MAX = 121;

export const ZGroupParams = z.object({ id: z.uuid() });

/** Each of the child's names has at least this many characters (spec section 5, Add family step). */
export const CHILD_NAME_PART_MIN = 3;

/**
 * The child's name as the server takes it ('first last', the family's name) is split at the first space,
 * as it is stored: the first name and the rest (the last name) each need CHILD_NAME_PART_MIN characters.
 */
function checkChildName(name: string, ctx: z.RefinementCtx): void {
  const { firstName, lastName } = splitName(name);
  if (firstName.length < CHILD_NAME_PART_MIN) {
    ctx.addIssue({ code: 'custom', input: name, message: MSG.validation.childFirstNameMin });
  }
  if (lastName.length < CHILD_NAME_PART_MIN) {
    ctx.addIssue({ code: 'custom', input: name, message: MSG.validation.childLastNameMin });
  }
}

/** The child's full name of POST /group/billing/assignSubscription. */
export const ZChildName = z.string().trim().max(GROUP_NAME_MAX).superRefine(checkChildName);

/** PostgreSQL text cannot hold a NUL character: such input is refused, not stored. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/** GET /group/list: a page of the entity's families, searched and optionally sorted by status. */
export const ZGroupListQuery = z.object({
  /** The child's name, or any e-mail of the family (its members' or the payment e-mail); any case. */
  search: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(FAMILY_PAGE_SIZE),
  /** By status (Active before Inactive when ascending); without it, newest first. */
  sort: ZSortDirection.optional(),
});
export type GroupListQuery = z.input<typeof ZGroupListQuery>;

export const ZGroupListItem = z.object({
  _id: z.string(),
  /** The child's name, 'first last'; null until the wizard's second step names the family. */
  name: z.string().nullable(),
  childFirstName: z.string().nullable(),
  active: z.boolean(),
  /** Whether any channel of the family holds a reported message. */
  reports: z.boolean(),
  billingInformation: z.object({ email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type GroupListItem = z.infer<typeof ZGroupListItem>;

export const ZGroupListResponse = z.object({
  result: z.array(ZGroupListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GroupListResponse = z.infer<typeof ZGroupListResponse>;

/** GET /group/list/{id}: one family with its plan (spec: paymentId present means the one-time plan). */
export const ZGroup = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  childFirstName: z.string().nullable(),
  childLastName: z.string().nullable(),
  active: z.boolean(),
  billingInformation: z.object({ email: z.string() }).nullable(),
  /** The plan of the family's subscription, or null before the wizard's second step. */
  plan: z.object({ priceId: z.string(), type: z.enum(PLAN_TYPES) }).nullable(),
  paymentId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  /** A one-time plan: billing and plan cannot be edited. */
  oneTime: z.boolean(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof ZGroup>;

/**
 * PUT /group/edit/{groupId}: rename the family. The name is the child's (the server splits it into the
 * child's first and last name), so the child-name rule of the wizard holds for it as well.
 */
export const ZEditGroupRequest = z.object({
  name: z
    .string({ error: MSG.families.groupNameMin })
    .trim()
    .min(GROUP_NAME_MIN, MSG.families.groupNameMin)
    .max(GROUP_NAME_MAX, MSG.families.groupNameMin)
    .refine(hasNoNul, MSG.families.groupNameMin)
    .superRefine(checkChildName),
});
export type EditGroupRequest = z.input<typeof ZEditGroupRequest>;

/**
 * Wizard step 2, Enter Child's Name and Select Plan (spec section 5): both names at least 3
 * characters, and a plan; `coupon` is the code typed in, if any. The server splits the joined name at
 * its first space, so a first name with a space needs 3 characters before it ('Jo Ann' is too short).
 */
export const ZChildAndPlanForm = z.object({
  childrenFirstName: z
    .string()
    .trim()
    .min(CHILD_NAME_PART_MIN, MSG.validation.childFirstNameMin)
    .max(60, MSG.validation.childFirstNameMin)
    .refine(
      (first) =>
        first.length < CHILD_NAME_PART_MIN || splitName(first).firstName.length >= CHILD_NAME_PART_MIN,
      MSG.validation.childFirstNameMin,
    ),
  childrenLastName: z
    .string()
    .trim()
    .min(CHILD_NAME_PART_MIN, MSG.validation.childLastNameMin)
    .max(60, MSG.validation.childLastNameMin),
  idSelected: z.string().min(1, MSG.validation.planRequired),
  coupon: z.string().trim().max(64),
});
export type ChildAndPlanForm = z.infer<typeof ZChildAndPlanForm>;

// Families (groups) as an entity manages them, and the wizard's child-and-plan step.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { AGREEMENT_MSG } from '../messages-agreements.js';
import { AGREEMENT_LIST_FILTERS } from '../rules/agreements.js';
import { FAMILY_PAGE_SIZE } from '../rules/families.js';
import { PLAN_TYPES } from '../rules/price.js';
import { PERSON_FULL_NAME_MAX } from '../rules/text-limits.js';
import { ZAgreementStandingView } from './agreements.js';
import { ZCouponCodeText, ZSearch, ZSortDirection } from './entities.js';
import { type PersonNameMessages, ZNamePart, ZPersonFullName } from './person-names.js';

export const GROUP_NAME_MIN = 3;
/** Room for the child's whole name, which names the family at first. */
export const GROUP_NAME_MAX = PERSON_FULL_NAME_MAX;

export const ZFamilyParams = z.object({ id: z.uuid() });

/** The wizard's child step words both a missing and a short name as short. */
const CHILD_NAME: PersonNameMessages = {
  firstName: { required: MSG.validation.childFirstNameMin, min: MSG.validation.childFirstNameMin },
  lastName: { required: MSG.validation.childLastNameMin, min: MSG.validation.childLastNameMin },
};

/** The child's full name of POST /group/billing/assignSubscription, 'first last'. */
export const ZChildName = ZPersonFullName(CHILD_NAME);

/** PostgreSQL text cannot hold a NUL character: such input is refused, not stored. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/** GET /group/list: a page of the entity's families, searched and optionally sorted by status. */
export const ZFamilyListQuery = z.object({
  /** The family's name, or any e-mail of the family (its members' or the payment e-mail); any case. */
  search: ZSearch,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(FAMILY_PAGE_SIZE),
  /** By status (Active before Inactive when ascending); without it, newest first. */
  sort: ZSortDirection.optional(),
  /** Only the families whose agreement has an item overdue or due soon, or that have none. */
  agreement: z.enum(AGREEMENT_LIST_FILTERS, AGREEMENT_MSG.filterUnknown).optional(),
});
export type FamilyListQuery = z.input<typeof ZFamilyListQuery>;

export const ZFamilyListItem = z.object({
  _id: z.string(),
  /** The family's name (at first the child's, 'first last'); null until the wizard's second step. */
  name: z.string().nullable(),
  active: z.boolean(),
  /** Whether any channel of the family holds a reported message. */
  reports: z.boolean(),
  billingInformation: z.object({ email: z.string() }).nullable(),
  createdAt: z.string(),
  /** Where the family stands with its contact agreement; null when it has none. */
  agreement: ZAgreementStandingView.nullable(),
});
export type FamilyListItem = z.infer<typeof ZFamilyListItem>;

export const ZFamilyListResponse = z.object({
  result: z.array(ZFamilyListItem),
  /** How many families match; FAMILY_SEARCH_COUNT_LIMIT when `moreThanTotal`. */
  total: z.number().int(),
  /** A search matched more families than `total`, which is where its count stopped. */
  moreThanTotal: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FamilyListResponse = z.infer<typeof ZFamilyListResponse>;

/** GET /group/list/{id}: one family with its plan (spec: paymentId present means the one-time plan). */
export const ZFamily = z.object({
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
export type Family = z.infer<typeof ZFamily>;

/** The family's name: one name, shown whole, of GROUP_NAME_MIN characters or more ('Brookses'). */
const ZFamilyName = z
  .string({ error: MSG.families.groupNameMin })
  .trim()
  .min(GROUP_NAME_MIN, MSG.families.groupNameMin)
  .max(GROUP_NAME_MAX, MSG.validation.tooLong(MSG.families.groupNameLabel, GROUP_NAME_MAX))
  .refine(hasNoNul, MSG.families.groupNameMin);

/**
 * PUT /group/edit/{groupId}: rename the family. The child's names stay as they are unless they are sent
 * too, as the wizard's child step does when it is saved again after the plan (its rule is the step's).
 */
export const ZEditFamilyRequest = z.object({
  name: ZFamilyName,
  childFirstName: ZNamePart('firstName', CHILD_NAME.firstName).optional(),
  childLastName: ZNamePart('lastName', CHILD_NAME.lastName).optional(),
});
export type EditFamilyRequest = z.input<typeof ZEditFamilyRequest>;

/**
 * Wizard step 2, Enter Child's Name and Select Plan: both names at least 3
 * characters, and a plan; `coupon` is the code typed in, if any. The server splits the joined name at
 * its first space, so a first name with a space needs 3 characters before it ('Jo Ann' is too short).
 */
export const ZChildAndPlanForm = z.object({
  childrenFirstName: ZNamePart('firstName', CHILD_NAME.firstName),
  childrenLastName: ZNamePart('lastName', CHILD_NAME.lastName),
  idSelected: z.string().min(1, MSG.validation.planRequired),
  coupon: ZCouponCodeText,
});
export type ChildAndPlanForm = z.infer<typeof ZChildAndPlanForm>;

/** The step as typed, before any rule: what a kept draft of the child-and-plan step must look like. */
export const ZChildAndPlanDraft = z.object({
  childrenFirstName: z.string().max(255),
  childrenLastName: z.string().max(255),
  idSelected: z.string().max(255),
  coupon: z.string().max(255),
});
export type ChildAndPlanDraft = z.infer<typeof ZChildAndPlanDraft>;

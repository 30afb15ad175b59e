// Billing: the billing form and payload of a group, its plans and coupons, and its subscription.
// Card entry is in cards.ts; the provider's configuration and plan administration in payments.ts.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { PLAN_TYPES, ZCoupon, ZPlan } from '../rules/price.js';
import {
  BILLING_ADDRESS_MAX,
  CARD_NAME_MAX,
  CITY_MAX,
  COUPON_CODE_MAX,
  ZIP_LENGTH,
} from '../rules/text-limits.js';
import { ZUsStateAbbreviation } from '../us-states.js';
import { ZEmail, ZPhone } from './auth.js';
import { type CardToken, ZCardToken } from './cards.js';
import { ZCouponCodeText } from './entities.js';
import { ZChildName } from './families.js';

// ─── The billing form and payload ────────────────────────────────────────────────────────────────

function requiredText(message: string, field: string, max: number) {
  return z.string().trim().min(1, message).max(max, MSG.validation.tooLong(field, max));
}

/**
 * The fields the person types on a payment screen (the card itself is entered apart). The phone is a
 * whole number on both screens: the spec's 13 to 15 characters when adding a family let one short of a
 * digit through.
 */
const billingFields = {
  cardName: z
    .string()
    .trim()
    .min(1, MSG.validation.fullNameRequired)
    .min(3, MSG.validation.fullNameMin)
    .max(CARD_NAME_MAX, MSG.validation.tooLong(MSG.fields.fullName, CARD_NAME_MAX)),
  address: requiredText(MSG.validation.addressRequired, MSG.fields.address, BILLING_ADDRESS_MAX),
  city: requiredText(MSG.validation.cityRequired, MSG.fields.city, CITY_MAX),
  state: ZUsStateAbbreviation,
  zip: z
    .string()
    .trim()
    .min(1, MSG.validation.zipRequired)
    .regex(/^\d+$/, MSG.validation.zipDigits)
    .min(ZIP_LENGTH, MSG.validation.zipMin)
    .max(ZIP_LENGTH, MSG.validation.zipMax),
  phoneNumber: ZPhone(MSG.validation.phoneRequired),
  email: z.string().trim().min(1, MSG.validation.emailRequired).pipe(ZEmail(MSG.validation.emailWrong)),
};

/** The billing form of the add-family and update-billing screens. */
export const ZBillingForm = z.object(billingFields);
export type BillingForm = z.infer<typeof ZBillingForm>;

/** The billing payload: the form, the country (always US) and the card token. */
const ZBillingPayload = z.object({
  ...billingFields,
  country: z.literal('US').default('US'),
  ...ZCardToken.shape,
});

/** POST /group/billing/save: without a groupId a new group of the signed-in entity is created. */
export const ZSaveBillingRequest = ZBillingPayload.extend({
  groupId: z.uuid().nullable().optional(),
});
export type SaveBillingRequest = z.input<typeof ZSaveBillingRequest>;

const CARD_TOKEN_FIELDS = Object.keys(ZCardToken.shape) as (keyof CardToken)[];

/**
 * PUT /group/billing/update/{groupId}: the details, and a new card only when one was entered: without
 * the card's fields the card on file stays. A card is all its fields or none.
 */
export const ZUpdateBillingRequest = z
  .object({
    ...billingFields,
    country: z.literal('US').default('US'),
    ...ZCardToken.partial().shape,
  })
  .refine(
    (body) => {
      const given = CARD_TOKEN_FIELDS.filter((field) => body[field] !== undefined).length;
      return given === 0 || given === CARD_TOKEN_FIELDS.length;
    },
    { message: MSG.billing.cardTokenInvalid, path: ['creditCardTokenId'] },
  );
export type UpdateBillingRequest = z.input<typeof ZUpdateBillingRequest>;

/** The billing payload with a new card, as the wizard's first step sends it. */
export type BillingPayload = z.input<typeof ZBillingPayload>;

/** A saved or changed group: its id and the success text to show. */
export const ZFamilySavedResponse = z.object({ _id: z.string(), message: z.string() });
export type FamilySavedResponse = z.infer<typeof ZFamilySavedResponse>;

export const ZFamilyIdParams = z.object({ groupId: z.uuid() });

/** The header a client sends so that a repeated submit is answered, not done, a second time. */
export const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,128}$/)
    .optional(),
});

// ─── Plans, coupons and subscriptions ───────────────────────────────────────────────────────────

export const ZPlanListQuery = z.object({
  /** An admin asks for one entity's coupon-adjusted prices (the entity details page). */
  entityId: z.uuid().optional(),
});

/**
 * GET /group/billing/plans/list: the active plans with their own unit_amount, and the entity's coupon
 * when it exists and is usable. Clients show discountedPrice(plan, [entityCoupon, typedCoupon]).
 */
export const ZPlanListResponse = z.object({ plans: z.array(ZPlan), entityCoupon: ZCoupon.nullable() });
export type PlanListResponse = z.infer<typeof ZPlanListResponse>;

export const ZCouponParams = z.object({ code: z.string().trim().min(1).max(COUPON_CODE_MAX) });

const ZCouponCodes = z
  .array(ZCouponCodeText)
  .max(5)
  .default([])
  .transform((codes) => [...new Set(codes.filter((code) => code !== ''))]);

/**
 * POST /group/billing/assignSubscription: `name` is the child's name, 'first last', split at the first
 * space; each part at least 3 characters.
 */
export const ZAssignSubscriptionRequest = z.object({
  coupons: ZCouponCodes,
  priceId: z.string().trim().min(1, MSG.validation.planRequired).max(255),
  groupId: z.uuid(),
  name: ZChildName,
});
export type AssignSubscriptionRequest = z.input<typeof ZAssignSubscriptionRequest>;

/** POST /group/billing/changeSubscription: coupons are the entity's and the typed one. */
export const ZChangeSubscriptionRequest = z.object({
  coupons: ZCouponCodes,
  priceId: z.string().trim().min(1, MSG.validation.planRequired).max(255),
  groupId: z.uuid(),
});
export type ChangeSubscriptionRequest = z.input<typeof ZChangeSubscriptionRequest>;

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled', 'failed'] as const;

export const CHARGE_STATUSES = ['succeeded', 'declined'] as const;

/** One charge of a family, as it was made: plan, coupons and card then. */
export const ZCharge = z.object({
  id: z.string(),
  /** ISO date-time. */
  at: z.string(),
  amount: z.number().int(),
  status: z.enum(CHARGE_STATUSES),
  planName: z.string(),
  planType: z.enum(PLAN_TYPES),
  couponNames: z.array(z.string()),
  cardBrand: z.string(),
  cardLast4: z.string(),
});
export type Charge = z.infer<typeof ZCharge>;

/** How many of a family's newest charges the details carry (a monthly family makes 12 a year). */
export const CHARGES_SHOWN = 24;

/**
 * A group's stored payment details, current subscription and newest charges (what the family page
 * and the update screens show).
 */
export const ZBillingDetailsResponse = z.object({
  _id: z.string(),
  billingInformation: z
    .object({
      cardName: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      country: z.string(),
      email: z.string(),
      phoneNumber: z.string(),
      cardBrand: z.string(),
      cardLast4: z.string(),
      cardExpiryMonth: z.number().int(),
      cardExpiryYear: z.number().int(),
    })
    .nullable(),
  subscription: z
    .object({
      priceId: z.string(),
      type: z.enum(PLAN_TYPES),
      status: z.enum(SUBSCRIPTION_STATUSES),
      /** The plan's name ('Lifetime'); its id when the plan is no longer offered. */
      planName: z.string(),
      /** What was charged (one-time) or is charged each month, in cents, after coupons. */
      amount: z.number().int(),
      coupons: z.array(z.string()),
      /** The coupons' names, in the order of `coupons` (a code when the coupon is gone). */
      couponNames: z.array(z.string()),
      currentPeriodEnd: z.string().nullable(),
      /** Set for a one-time plan (spec: a paymentId present means the one-time plan). */
      paymentId: z.string().nullable(),
      subscriptionId: z.string().nullable(),
    })
    .nullable(),
  /** The newest CHARGES_SHOWN charges, newest first. */
  charges: z.array(ZCharge),
});
export type BillingDetailsResponse = z.infer<typeof ZBillingDetailsResponse>;

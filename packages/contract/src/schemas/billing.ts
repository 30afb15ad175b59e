// Billing: the billing payload and forms, plans and coupons, card
// entry, subscriptions and the plan and coupon administration of the local payment provider.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { PLAN_TYPES, ZCoupon, ZPlan } from '../rules/price.js';
import {
  BILLING_ADDRESS_MAX,
  CARD_NAME_MAX,
  CARD_NUMBER_MAX,
  CITY_MAX,
  COUPON_CODE_MAX,
  COUPON_NAME_MAX,
  NEW_COUPON_CODE_MAX,
  PLAN_NAME_MAX,
  ZIP_LENGTH,
} from '../rules/text-limits.js';
import { ZUsStateAbbreviation } from '../us-states.js';
import { ZEmail, ZPhone } from './auth.js';
import { ZCouponCodeText } from './entities.js';
import { ZChildName } from './groups.js';

// ─── Cards ────────────────────────────────────────────────────────────────────────────────────────

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The digits of a card number as typed: spaces and dashes dropped. */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** The Luhn check digit rule every card number satisfies. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network, from the number's leading digits (the IIN ranges the networks publish). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Whether a number has a length its network issues and passes the Luhn check. */
export function isCardNumberValid(input: string): boolean {
  const digits = cardDigits(input);
  const brand = cardBrandOf(digits);
  const lengthOk =
    brand === 'amex'
      ? digits.length === 15
      : brand === 'diners'
        ? digits.length >= 14 && digits.length <= 19
        : digits.length >= 15 && digits.length <= 19;
  return lengthOk && isLuhnValid(digits);
}

/** Groups the digits as printed on the card: 4-6-5 for American Express, fours otherwise. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).slice(0, 19);
  if (cardBrandOf(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The expiry field's mask, MM/YY, applied progressively while typing. */
export function formatCardExpiry(input: string): string {
  let digits = cardDigits(input).slice(0, 4);
  // A first digit above 1 can only be a one-digit month: '4' becomes '04'.
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Month and four-digit year of an 'MM/YY' expiry, or null when it is not one. */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isCardExpired(month: number, year: number, now: Date = new Date()): boolean {
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

/** The local card form: number, expiry and CVC, before they are exchanged for a token. */
export const ZLocalCardForm = z
  .object({
    number: z
      .string()
      .trim()
      .min(1, MSG.billing.cardNumberRequired)
      .refine(isCardNumberValid, MSG.billing.cardNumberInvalid),
    expiry: z.string().trim().min(1, MSG.billing.cardExpiryRequired),
    cvc: z.string().trim(),
  })
  .superRefine((value, ctx) => {
    const expiry = parseCardExpiry(value.expiry);
    if (value.expiry !== '' && !expiry) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: MSG.billing.cardExpiryInvalid });
    } else if (expiry && isCardExpired(expiry.month, expiry.year)) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: MSG.billing.cardExpired });
    }
    const cvcLength = cardBrandOf(cardDigits(value.number)) === 'amex' ? 4 : 3;
    if (value.cvc === '') {
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: MSG.billing.cardCvcRequired });
    } else if (!new RegExp(`^\\d{${cvcLength}}$`).test(value.cvc)) {
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: MSG.billing.cardCvcInvalid });
    }
  });
export type LocalCardForm = z.infer<typeof ZLocalCardForm>;

/**
 * The local provider's tokenisation request. It goes to the payments tokeniser only, never to the
 * billing routes; the server keeps brand, last 4 and expiry and forgets the rest.
 */
export const ZLocalCardTokenRequest = z
  .object({
    number: z
      .string()
      .trim()
      .max(CARD_NUMBER_MAX, MSG.validation.tooLong(MSG.fields.cardNumber, CARD_NUMBER_MAX))
      .refine(isCardNumberValid, MSG.billing.cardNumberInvalid),
    expMonth: z.number().int().min(1, MSG.billing.cardExpiryInvalid).max(12, MSG.billing.cardExpiryInvalid),
    expYear: z
      .number()
      .int()
      .min(2000, MSG.billing.cardExpiryInvalid)
      .max(2100, MSG.billing.cardExpiryInvalid),
    cvc: z.string().regex(/^\d{3,4}$/, MSG.billing.cardCvcInvalid),
  })
  .superRefine((value, ctx) => {
    if (isCardExpired(value.expMonth, value.expYear)) {
      ctx.addIssue({ code: 'custom', path: ['expMonth'], message: MSG.billing.cardExpired });
    }
  });
export type LocalCardTokenRequest = z.input<typeof ZLocalCardTokenRequest>;

/** What card entry yields in either mode: an opaque token and what may be shown of the card. */
export const ZCardToken = z.object({
  creditCardTokenId: z.string().min(3).max(255),
  cardBrand: z.string().min(1).max(32),
  cardLast4: z.string().regex(/^\d{4}$/),
  cardExpiryMonth: z.number().int().min(1).max(12),
  cardExpiryYear: z.number().int().min(2000).max(2100),
});
export type CardToken = z.infer<typeof ZCardToken>;

/**
 * POST /payments/stripe/card-setup (Stripe only): a SetupIntent's client secret. The browser confirms
 * it with the new card, so the card's bank checks it (and asks for 3-D Secure when it wants) before
 * the card is saved: a refused card is refused there, and nothing is saved.
 */
export const ZCardSetupResponse = z.object({ clientSecret: z.string() });
export type CardSetupResponse = z.infer<typeof ZCardSetupResponse>;

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
export const ZGroupSavedResponse = z.object({ _id: z.string(), message: z.string() });
export type GroupSavedResponse = z.infer<typeof ZGroupSavedResponse>;

export const ZGroupIdParams = z.object({ groupId: z.uuid() });

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

/** A group's stored payment details and current subscription (what the update screens show). */
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
      /** What was charged (one-time) or is charged each month, in cents, after coupons. */
      amount: z.number().int(),
      coupons: z.array(z.string()),
      currentPeriodEnd: z.string().nullable(),
      /** Set for a one-time plan (spec: a paymentId present means the one-time plan). */
      paymentId: z.string().nullable(),
      subscriptionId: z.string().nullable(),
    })
    .nullable(),
});
export type BillingDetailsResponse = z.infer<typeof ZBillingDetailsResponse>;

// ─── The payment provider's configuration and the local plan administration ───────────────────────

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

export const ZPaymentsConfigResponse = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key (stripe only): the browser's card fields need it. */
  publishableKey: z.string().nullable(),
  /** Where 'Manage Plans on Stripe' goes (stripe only, admins only). */
  dashboardUrl: z.string().nullable(),
});
export type PaymentsConfigResponse = z.infer<typeof ZPaymentsConfigResponse>;

export const ZAdminPlan = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PLAN_TYPES),
  unit_amount: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminPlan = z.infer<typeof ZAdminPlan>;
export const ZAdminPlanList = z.object({ plans: z.array(ZAdminPlan) });

export const ZAdminCoupon = ZCoupon.extend({ createdAt: z.string() });
export type AdminCoupon = z.infer<typeof ZAdminCoupon>;
export const ZAdminCouponList = z.object({ coupons: z.array(ZAdminCoupon) });

/** The lowest price a card charge may have (the card networks' minimum that Stripe applies). */
export const MIN_CHARGE_AMOUNT = 50;

const planName = z
  .string()
  .trim()
  .min(3, MSG.payments.planNameMin)
  .max(PLAN_NAME_MAX, MSG.validation.tooLong(MSG.fields.planName, PLAN_NAME_MAX));

export const ZCreatePlanRequest = z.object({
  name: planName,
  type: z.enum(PLAN_TYPES),
  unit_amount: z
    .number()
    .int(MSG.payments.planPriceInvalid)
    .min(MIN_CHARGE_AMOUNT, MSG.payments.planPriceMin)
    .max(99_999_999, MSG.payments.planPriceInvalid),
});
export type CreatePlanRequest = z.input<typeof ZCreatePlanRequest>;

export const ZPlanIdParams = z.object({ id: z.string().min(1).max(255) });

/** '19.99' → 1999; null when it is not an amount with at most two decimals. */
export function parseAmountToCents(value: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The new-plan form: the price as the admin types it, in dollars. */
export const ZPlanForm = z.object({
  name: planName,
  type: z.enum(PLAN_TYPES),
  price: z
    .string()
    .trim()
    .refine((value) => parseAmountToCents(value) !== null, MSG.payments.planPriceInvalid)
    .refine((value) => (parseAmountToCents(value) ?? 0) >= MIN_CHARGE_AMOUNT, MSG.payments.planPriceMin),
});
export type PlanForm = z.infer<typeof ZPlanForm>;

export const ZNewCouponCode = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9_-]{3,${NEW_COUPON_CODE_MAX}}$`), MSG.payments.couponCodeInvalid);

const couponName = z
  .string()
  .trim()
  .min(1, MSG.payments.couponNameRequired)
  .max(COUPON_NAME_MAX, MSG.validation.tooLong(MSG.fields.couponName, COUPON_NAME_MAX));

export const ZCreateCouponRequest = z
  .object({
    id: ZNewCouponCode,
    name: couponName,
    percent_off: z
      .number()
      .min(0.01, MSG.payments.couponPercentInvalid)
      .max(100, MSG.payments.couponPercentInvalid)
      .nullable(),
    amount_off: z
      .number()
      .int(MSG.payments.couponAmountInvalid)
      .positive(MSG.payments.couponAmountInvalid)
      .nullable(),
    max_redemptions: z.number().int().min(1, MSG.payments.couponMaxRedemptionsInvalid).nullable(),
    products: z.array(z.string().min(1).max(255)).min(1, MSG.payments.couponPlansRequired).max(50),
  })
  .superRefine((value, ctx) => {
    if ((value.percent_off === null) === (value.amount_off === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.percent_off === null ? 'percent_off' : 'amount_off'],
        message:
          value.percent_off === null ? MSG.payments.couponPercentInvalid : MSG.payments.couponAmountInvalid,
      });
    }
  });
export type CreateCouponRequest = z.input<typeof ZCreateCouponRequest>;

/** The new-coupon form: a percentage or an amount in dollars, and an optional redemption limit. */
export const ZCouponForm = z
  .object({
    id: ZNewCouponCode,
    name: couponName,
    kind: z.enum(['percent', 'amount']),
    value: z.string().trim(),
    maxRedemptions: z.string().trim(),
    products: z.array(z.string()).min(1, MSG.payments.couponPlansRequired),
  })
  .superRefine((form, ctx) => {
    if (form.kind === 'percent') {
      const percent = Number(form.value);
      if (form.value === '' || !Number.isFinite(percent) || percent < 0.01 || percent > 100) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: MSG.payments.couponPercentInvalid });
      }
    } else if ((parseAmountToCents(form.value) ?? 0) < 1) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: MSG.payments.couponAmountInvalid });
    }
    if (form.maxRedemptions !== '' && !/^[1-9]\d{0,8}$/.test(form.maxRedemptions)) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxRedemptions'],
        message: MSG.payments.couponMaxRedemptionsInvalid,
      });
    }
  });
export type CouponForm = z.infer<typeof ZCouponForm>;

/** The request a valid coupon form makes. */
export function couponRequestOf(form: CouponForm): CreateCouponRequest {
  return {
    id: form.id.trim(),
    name: form.name.trim(),
    percent_off: form.kind === 'percent' ? Number(form.value) : null,
    amount_off: form.kind === 'amount' ? parseAmountToCents(form.value) : null,
    max_redemptions: form.maxRedemptions === '' ? null : Number(form.maxRedemptions),
    products: form.products,
  };
}

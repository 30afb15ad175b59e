// The payment provider's configuration, and the plan and coupon administration of the local payment
// provider: its lists, its requests and the admin forms that make them.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { formatPrice } from '../rules/money.js';
import { discountedPrice, MIN_PLAN_PRICE, PLAN_TYPES, type Plan, ZCoupon } from '../rules/price.js';
import { COUPON_NAME_MAX, NEW_COUPON_CODE_MAX, PLAN_NAME_MAX } from '../rules/text-limits.js';

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

export const ZAdminCoupon = ZCoupon.extend({ archived: z.boolean(), createdAt: z.string() });
export type AdminCoupon = z.infer<typeof ZAdminCoupon>;
export const ZAdminCouponList = z.object({ coupons: z.array(ZAdminCoupon) });

/** The lowest price a card charge may have (the card networks' minimum that Stripe applies). */
export const MIN_CHARGE_AMOUNT = 50;
/** The highest price of a plan, in cents ($999,999.99). */
export const MAX_PLAN_PRICE = 99_999_999;

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
    .max(MAX_PLAN_PRICE, MSG.payments.planPriceMax(formatPrice(MAX_PLAN_PRICE))),
});
export type CreatePlanRequest = z.input<typeof ZCreatePlanRequest>;

export const ZPlanIdParams = z.object({ id: z.string().min(1).max(255) });

/**
 * '19.99' → 1999, '1,000,000' and '1 000 000' → 100000000 (separators of thousands are dropped); null
 * when it is not an amount with at most two decimals.
 */
export function parseAmountToCents(value: string): number | null {
  const typed = value.trim();
  // A comma or space only separates thousands: '1,00' is not read as 100.
  const grouped = /^\d{1,3}(?:([ ,])\d{3})(?:\1\d{3})*(?:\.\d{1,2})?$/.test(typed);
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(grouped ? typed.replace(/[ ,]/g, '') : typed);
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
    .refine((value) => (parseAmountToCents(value) ?? 0) >= MIN_CHARGE_AMOUNT, MSG.payments.planPriceMin)
    .refine(
      (value) => (parseAmountToCents(value) ?? 0) <= MAX_PLAN_PRICE,
      MSG.payments.planPriceMax(formatPrice(MAX_PLAN_PRICE)),
    ),
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

/** How many times a coupon may be redeemed: the form takes up to 9 digits, and so does the API (a larger
 * number would not fit the database's integer, and is no real limit anyway). */
const ZCouponMaxRedemptions = z
  .number()
  .int()
  .min(1, MSG.payments.couponMaxRedemptionsInvalid)
  .max(999_999_999, MSG.payments.couponMaxRedemptionsInvalid)
  .nullable();

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
    max_redemptions: ZCouponMaxRedemptions,
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

export const ZCouponIdParams = z.object({ id: z.string().min(1).max(255) });

/**
 * PUT /payments/coupons/{id}: what may change once a coupon exists — its name and its redemption
 * limit (not under the redemptions made). Its discount and plans never change: families were charged
 * with them; a new coupon is made instead.
 */
export const ZEditCouponRequest = z.object({
  name: couponName,
  max_redemptions: ZCouponMaxRedemptions,
});
export type EditCouponRequest = z.input<typeof ZEditCouponRequest>;

/** The edit-coupon form, as typed. */
export const ZEditCouponForm = z
  .object({ name: couponName, maxRedemptions: z.string().trim() })
  .superRefine((form, ctx) => {
    if (form.maxRedemptions !== '' && !/^[1-9]\d{0,8}$/.test(form.maxRedemptions)) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxRedemptions'],
        message: MSG.payments.couponMaxRedemptionsInvalid,
      });
    }
  });
export type EditCouponForm = z.infer<typeof ZEditCouponForm>;

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

/**
 * The plans a coupon would bring down to the floor of the price rule (MIN_PLAN_PRICE): a 100 % coupon,
 * or an amount off at least the plan's price. The admin is warned before creating it.
 */
export function plansAtPriceFloor<P extends Pick<Plan, 'id' | 'unit_amount'>>(
  request: Pick<CreateCouponRequest, 'percent_off' | 'amount_off' | 'products'>,
  plans: readonly P[],
): P[] {
  const coupon = {
    id: 'preview',
    name: '',
    percent_off: request.percent_off ?? null,
    amount_off: request.amount_off ?? null,
    max_redemptions: null,
    times_redeemed: 0,
    metadata: { products: request.products.join(',') },
  };
  return plans.filter(
    (plan) => request.products.includes(plan.id) && discountedPrice(plan, [coupon]).final <= MIN_PLAN_PRICE,
  );
}

import { z } from 'zod';
import { MSG } from '../messages.js';

/**
 * Plans, coupons and the price a coupon-adjusted plan shows. All amounts are in minor units (cents).
 */

/** The lowest price a discounted plan can reach. */
export const MIN_PLAN_PRICE = 5;

export const PLAN_TYPES = ['recurring', 'one_time'] as const;

export const ZPlan = z.object({
  id: z.string().min(1),
  type: z.enum(PLAN_TYPES),
  unit_amount: z.number().int().nonnegative(),
  active: z.boolean(),
  nickname: z.string().nullable().optional(),
});
export type Plan = z.infer<typeof ZPlan>;

export const ZCoupon = z.object({
  id: z.string().min(1),
  name: z.string(),
  percent_off: z.number().positive().max(100).nullable(),
  amount_off: z.number().int().positive().nullable(),
  max_redemptions: z.number().int().nonnegative().nullable(),
  times_redeemed: z.number().int().nonnegative(),
  metadata: z.object({
    /** Comma-separated ids of the plans the coupon applies to. */
    products: z.string().optional(),
  }),
});
export type Coupon = z.infer<typeof ZCoupon>;

/** A coupon is used up when it has been redeemed as often as it may be; no limit means never. */
export function isCouponUsable(coupon: Coupon): boolean {
  return coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions;
}

/** The plan ids of a coupon's metadata.products, spaces trimmed and empty entries dropped. */
export function couponPlanIds(coupon: Coupon): string[] {
  return (coupon.metadata.products ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** Whether the coupon reduces this plan's price: it is usable and lists the plan. */
export function couponAppliesTo(coupon: Coupon, planId: string): boolean {
  return isCouponUsable(coupon) && couponPlanIds(coupon).includes(planId);
}

export interface DiscountedPrice {
  /** The plan's own unit_amount. */
  original: number;
  /** The price after every applicable coupon, never below MIN_PLAN_PRICE once a coupon applied. */
  final: number;
  /** Ids of the coupons that applied, in the order they applied. */
  appliedCouponIds: string[];
}

/**
 * Applies the coupons to the plan in the order given. A percent_off coupon takes that percentage of
 * the running price off, an amount_off coupon subtracts its amount; each result is rounded to whole
 * minor units. A coupon given twice (the entity's own coupon typed in again) applies once.
 */
export function discountedPrice(
  plan: Pick<Plan, 'id' | 'unit_amount'>,
  coupons: readonly Coupon[],
): DiscountedPrice {
  let price = plan.unit_amount;
  const appliedCouponIds: string[] = [];
  for (const coupon of coupons) {
    if (appliedCouponIds.includes(coupon.id) || !couponAppliesTo(coupon, plan.id)) continue;
    if (coupon.percent_off !== null) price = Math.round(price - (price * coupon.percent_off) / 100);
    if (coupon.amount_off !== null) price = Math.round(price - coupon.amount_off);
    appliedCouponIds.push(coupon.id);
  }
  // The spec turns a result of 0 or below into 5 and calls 5 the minimum after a discount; a
  // discounted price between 1 and 4 is raised too so that both statements hold.
  const final = appliedCouponIds.length > 0 ? Math.max(price, MIN_PLAN_PRICE) : price;
  return { original: plan.unit_amount, final, appliedCouponIds };
}

/** The price of the plan after the coupons, in minor units. */
export function applyCoupons(plan: Pick<Plan, 'id' | 'unit_amount'>, coupons: readonly Coupon[]): number {
  return discountedPrice(plan, coupons).final;
}

/** The label beside a plan's price: 'one-time payment' or 'per month'. */
export function planPeriodLabel(type: Plan['type']): string {
  return type === 'one_time' ? MSG.plans.oneTimePayment : MSG.plans.perMonth;
}

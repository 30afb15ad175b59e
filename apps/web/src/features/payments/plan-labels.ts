import { type AdminCoupon, type AdminPlan, formatPrice, MSG, planPeriodLabel } from '@bridge-talk/contract';

export function planTypeLabel(type: AdminPlan['type']): string {
  return type === 'one_time' ? MSG.plans.oneTime : MSG.plans.monthly;
}

/** '$19.99 per month', '$199.00 one-time payment'. */
export function planPriceLabel(plan: Pick<AdminPlan, 'type' | 'unit_amount'>): string {
  return `$${formatPrice(plan.unit_amount)} ${planPeriodLabel(plan.type)}`;
}

/** '10 % off' or '$5.00 off'. */
export function discountLabel(coupon: Pick<AdminCoupon, 'percent_off' | 'amount_off'>): string {
  if (coupon.percent_off !== null) return `${coupon.percent_off} % off`;
  return `$${formatPrice(coupon.amount_off ?? 0)} off`;
}

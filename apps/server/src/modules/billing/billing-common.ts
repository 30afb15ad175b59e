import { type Coupon, isCouponUsable, MSG, type Plan } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import {
  CardDeclinedError,
  CouponUsedUpError,
  InvalidCardTokenError,
  PaymentProviderError,
  type PaymentsProvider,
  type ProviderPlan,
} from '../../providers/payments/index.js';
import * as repo from './billing.repository.js';

/** Ids and codes people type: printable, no spaces; anything else matches nothing (and never reaches a query). */
const PRINTABLE_ID = /^[\x21-\x7e]{1,64}$/;

/** Maps what a provider reports to the answer the client shows. */
export function asAppError(error: unknown): unknown {
  if (error instanceof CardDeclinedError) return new AppError('UNPROCESSABLE', MSG.billing.cardDeclined);
  if (error instanceof CouponUsedUpError) {
    return new AppError('UNPROCESSABLE', MSG.billing.couponUsedUp(error.couponName));
  }
  if (error instanceof InvalidCardTokenError)
    return new AppError('UNPROCESSABLE', MSG.billing.cardTokenInvalid);
  if (error instanceof PaymentProviderError)
    return new AppError('UNAVAILABLE', MSG.billing.paymentServiceUnavailable);
  return error;
}

export async function translated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asAppError(error);
  }
}

export function toPlan(plan: ProviderPlan): Plan {
  return {
    id: plan.id,
    type: plan.type,
    unit_amount: plan.unit_amount,
    active: plan.active,
    nickname: plan.name,
  };
}

export type BillingLookups = ReturnType<typeof createBillingLookups>;

export function createBillingLookups(ctx: AppContext, payments: PaymentsProvider) {
  const { db } = ctx;
  const excludedPlanId = ctx.config.payments.planExcludedId;

  async function groupOf(entityId: string, groupId: string) {
    const group = await repo.findFamily(db, entityId, groupId);
    if (!group) throw notFound();
    return group;
  }

  /** A coupon by the code people type, used up or not. */
  async function knownCoupon(code: string | null | undefined): Promise<Coupon | null> {
    if (!code || !PRINTABLE_ID.test(code)) return null;
    return translated(() => payments.findCoupon(code));
  }

  async function usableCoupon(code: string | null | undefined): Promise<Coupon | null> {
    const coupon = await knownCoupon(code);
    return coupon && isCouponUsable(coupon) ? coupon : null;
  }

  /** The plans an entity may choose: the active ones, but the excluded one. */
  async function offeredPlans(): Promise<ProviderPlan[]> {
    const plans = await translated(() => payments.listPlans());
    return plans.filter((plan) => plan.id !== excludedPlanId);
  }

  async function availablePlan(priceId: string): Promise<ProviderPlan> {
    const plan =
      priceId === excludedPlanId || !/^[\x21-\x7e]{1,255}$/.test(priceId)
        ? null
        : await translated(() => payments.findPlan(priceId));
    if (!plan)
      throw new AppError('UNPROCESSABLE', MSG.billing.planNotAvailable, {
        priceId: MSG.billing.planNotAvailable,
      });
    return plan;
  }

  /**
   * The coupons of a subscription: the entity's own (when usable) and the ones the client sent. A sent
   * coupon that does not exist is refused; one that is used up is refused with the spec's text.
   */
  async function couponsFor(entityId: string, codes: string[]): Promise<Coupon[]> {
    const entity = await repo.findEntityCoupon(db, entityId);
    const coupons: Coupon[] = [];
    const entityCoupon = await usableCoupon(entity?.coupon);
    if (entityCoupon) coupons.push(entityCoupon);
    for (const code of codes) {
      if (coupons.some((coupon) => coupon.id.toLowerCase() === code.toLowerCase())) continue;
      const coupon = await knownCoupon(code);
      if (!coupon)
        throw new AppError('UNPROCESSABLE', MSG.billing.couponNotValid, {
          coupons: MSG.billing.couponNotValid,
        });
      if (!isCouponUsable(coupon)) throw new AppError('UNPROCESSABLE', MSG.billing.couponUsedUp(coupon.name));
      coupons.push(coupon);
    }
    return coupons;
  }

  /** A one-time family's billing and plan are not editable (it has nothing more to pay). */
  async function refuseOneTimeBillingChange(entityId: string, groupId: string): Promise<void> {
    const current = await repo.findCurrentSubscription(db, entityId, groupId);
    if (current?.planType === 'one_time')
      throw new AppError('UNPROCESSABLE', MSG.extra.oneTimeBillingCannotChange);
  }

  async function billingOf(entityId: string, groupId: string) {
    const billing = await repo.findBillingInformation(db, entityId, groupId);
    if (!billing) throw new AppError('UNPROCESSABLE', MSG.billing.noBillingInformation);
    return billing;
  }

  return {
    groupOf,
    knownCoupon,
    usableCoupon,
    availablePlan,
    offeredPlans,
    couponsFor,
    refuseOneTimeBillingChange,
    billingOf,
  };
}

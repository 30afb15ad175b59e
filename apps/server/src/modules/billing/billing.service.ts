import { type Coupon, isCouponUsable, MSG, type PlanListResponse } from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { PaymentsProvider } from '../../providers/payments/index.js';
import { entityIdOf } from '../tenancy/tenancy.service.js';
import * as repo from './billing.repository.js';
import { createBillingLookups, toPlan } from './billing-common.js';
import { createBillingDetailsService } from './billing-details.service.js';
import { createSubscriptionsService } from './subscriptions.service.js';

export function createBillingService(ctx: AppContext, payments: PaymentsProvider) {
  const { db } = ctx;
  const lookups = createBillingLookups(ctx, payments);
  const { usableCoupon, knownCoupon, offeredPlans } = lookups;
  return {
    /** The active plans (raw prices) and the coupon of the entity (an admin names the entity). */
    async listPlans({
      actor,
      input,
    }: {
      actor: Actor;
      input: { entityId?: string };
    }): Promise<PlanListResponse> {
      const entityId = actor.role === 'entity' ? entityIdOf(actor) : (input.entityId ?? null);
      let couponCode: string | null = null;
      if (entityId) {
        const entity = await repo.findEntityCoupon(db, entityId);
        if (!entity) throw notFound();
        couponCode = entity.coupon;
      }
      const [plans, entityCoupon] = await Promise.all([offeredPlans(), usableCoupon(couponCode)]);
      return { plans: plans.map(toPlan), entityCoupon };
    },

    /**
     * A coupon that exists and is not used up. A used-up one is named (422, the text a subscription
     * with it gets), so that leaving the field says what a submit would; an unknown one is
     * MSG.billing.couponNotValid (404).
     */
    async findCoupon({ input }: { actor: Actor; input: { code: string } }): Promise<Coupon> {
      const coupon = await knownCoupon(input.code.trim());
      if (!coupon) throw new AppError('NOT_FOUND', MSG.billing.couponNotValid);
      if (!isCouponUsable(coupon)) throw new AppError('UNPROCESSABLE', MSG.billing.couponUsedUp(coupon.name));
      return coupon;
    },

    ...createBillingDetailsService(ctx, payments, lookups),
    ...createSubscriptionsService(ctx, payments, lookups),
  };
}

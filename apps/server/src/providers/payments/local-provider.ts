// The `local` payment provider: a real implementation on our own tables, so that a fresh checkout can
// take a payment with no outside service. Plans, coupons (with real redemption counts), customers,
// payment methods (brand, last 4 and expiry only) and charges; every charge is recorded once per
// idempotency key. Monthly renewals are charged by the billing module's scheduled job. The plans and
// coupons are in local-catalog.ts, the charges in local-charges.ts; customers, subscriptions and
// coupon redemptions here.
import { MSG } from '@bridge-talk/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  paymentCardTokens,
  paymentCharges,
  paymentCouponRedemptions,
  paymentCoupons,
  paymentCustomers,
  paymentMethods,
  subscriptions,
} from '../../db/schema-billing.js';
import { localId } from './local-cards.js';
import { createLocalCatalog, findActivePlan, findLocalCoupon, listActivePlans } from './local-catalog.js';
import { addOneMonth, chargeLocalCard } from './local-charges.js';
import {
  CardDeclinedError,
  CouponUsedUpError,
  InvalidCardTokenError,
  type PaymentsProvider,
} from './payments-provider.js';

export function createLocalProvider(db: Db): PaymentsProvider {
  async function releaseCoupons(couponIds: string[], idempotencyKey: string): Promise<void> {
    for (const couponId of couponIds) {
      const [released] = await db
        .delete(paymentCouponRedemptions)
        .where(
          and(
            eq(paymentCouponRedemptions.couponId, couponId),
            eq(paymentCouponRedemptions.idempotencyKey, idempotencyKey),
          ),
        )
        .returning({ couponId: paymentCouponRedemptions.couponId });
      if (!released) continue;
      await db
        .update(paymentCoupons)
        .set({ timesRedeemed: sql`greatest(${paymentCoupons.timesRedeemed} - 1, 0)`, updatedAt: new Date() })
        .where(eq(paymentCoupons.id, couponId));
    }
  }

  return {
    kind: 'local',
    catalog: createLocalCatalog(db),

    listPlans: () => listActivePlans(db),
    findPlan: (id) => findActivePlan(db, id),
    findCoupon: (code) => findLocalCoupon(db, code),

    async updateCustomer(input) {
      await db
        .update(paymentCustomers)
        .set({ email: input.email, name: input.name, updatedAt: new Date() })
        .where(eq(paymentCustomers.id, input.customerId));
    },

    async saveCustomer(input) {
      // A payment method's id follows from its token's, so that saving one token twice finds the first.
      const paymentMethodId = input.cardToken.replace(/^tok_/, 'pm_');
      return db.transaction(async (tx) => {
        let customerId = input.customerId;
        if (customerId) {
          await tx
            .update(paymentCustomers)
            .set({ email: input.email, name: input.name, updatedAt: new Date() })
            .where(eq(paymentCustomers.id, customerId));
        } else {
          await tx
            .insert(paymentCustomers)
            .values({
              id: localId('cus'),
              email: input.email,
              name: input.name,
              idempotencyKey: input.idempotencyKey,
            })
            .onConflictDoNothing();
          const [customer] = await tx
            .select({ id: paymentCustomers.id })
            .from(paymentCustomers)
            .where(eq(paymentCustomers.idempotencyKey, input.idempotencyKey));
          customerId = customer!.id;
        }
        const [token] = await tx
          .update(paymentCardTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(paymentCardTokens.id, input.cardToken),
              eq(paymentCardTokens.userId, input.userId),
              isNull(paymentCardTokens.usedAt),
              gt(paymentCardTokens.expiresAt, new Date()),
            ),
          )
          .returning({
            brand: paymentCardTokens.brand,
            last4: paymentCardTokens.last4,
            expMonth: paymentCardTokens.expMonth,
            expYear: paymentCardTokens.expYear,
            declineCode: paymentCardTokens.declineCode,
            declinesWhenSaved: paymentCardTokens.declinesWhenSaved,
          });
        if (token) {
          // The bank's check of a card being saved: nothing of this save is kept.
          if (token.declinesWhenSaved) throw new CardDeclinedError(token.declineCode ?? 'card_declined');
          const { declinesWhenSaved: _saved, ...method } = token;
          await tx.insert(paymentMethods).values({ id: paymentMethodId, customerId, ...method });
          const { declineCode: _, ...card } = method;
          return { customerId, paymentMethodId, card };
        }
        const [saved] = await tx
          .select({
            brand: paymentMethods.brand,
            last4: paymentMethods.last4,
            expMonth: paymentMethods.expMonth,
            expYear: paymentMethods.expYear,
          })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.customerId, customerId)));
        if (!saved) throw new InvalidCardTokenError();
        return { customerId, paymentMethodId, card: saved };
      });
    },

    async subscribe(input) {
      const paid = await chargeLocalCard(db, {
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        amount: input.amount,
        description: `${input.plan.name} (${input.plan.type === 'one_time' ? MSG.plans.oneTimePayment : 'first month'})`,
        idempotencyKey: input.idempotencyKey,
      });
      if (input.plan.type === 'one_time')
        return { paymentId: paid.id, subscriptionId: null, currentPeriodEnd: null };
      return {
        paymentId: paid.id,
        subscriptionId: `sub_${paid.id.slice(3)}`,
        currentPeriodEnd: addOneMonth(paid.createdAt),
      };
    },

    async changeRecurringPlan(input) {
      // The new monthly price is charged from the next renewal on: nothing to do at the provider now.
      return { paymentId: null, subscriptionId: input.subscriptionId, currentPeriodEnd: null };
    },

    async detachCard(input) {
      await db
        .delete(paymentMethods)
        .where(
          and(eq(paymentMethods.id, input.paymentMethodId), eq(paymentMethods.customerId, input.customerId)),
        );
    },

    async cancelSubscription() {
      // A local subscription is our own row; ending it is the caller's update of that row.
    },

    async redeemCoupons(couponIds, idempotencyKey) {
      const redeemed: string[] = [];
      for (const couponId of couponIds) {
        const [fresh] = await db
          .insert(paymentCouponRedemptions)
          .values({ couponId, idempotencyKey })
          .onConflictDoNothing()
          .returning({ couponId: paymentCouponRedemptions.couponId });
        if (!fresh) continue;
        const [counted] = await db
          .update(paymentCoupons)
          .set({ timesRedeemed: sql`${paymentCoupons.timesRedeemed} + 1`, updatedAt: new Date() })
          .where(
            and(
              eq(paymentCoupons.id, couponId),
              sql`(${paymentCoupons.maxRedemptions} is null or ${paymentCoupons.timesRedeemed} < ${paymentCoupons.maxRedemptions})`,
            ),
          )
          .returning({ id: paymentCoupons.id });
        if (!counted) {
          await db
            .delete(paymentCouponRedemptions)
            .where(
              and(
                eq(paymentCouponRedemptions.couponId, couponId),
                eq(paymentCouponRedemptions.idempotencyKey, idempotencyKey),
              ),
            );
          await releaseCoupons(redeemed, idempotencyKey);
          const coupon = await findLocalCoupon(db, couponId);
          throw new CouponUsedUpError(coupon?.name ?? couponId);
        }
        redeemed.push(couponId);
      }
    },

    releaseCoupons,

    async charge(input) {
      const paid = await chargeLocalCard(db, input);
      return { paymentId: paid.id };
    },

    async paymentStatus(paymentId) {
      const [row] = await db
        .select({ status: paymentCharges.status })
        .from(paymentCharges)
        .where(eq(paymentCharges.id, paymentId));
      return row?.status ?? 'unknown';
    },

    async subscriptionStatus(subscriptionId) {
      const [row] = await db
        .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      if (!row) return { status: 'unknown', currentPeriodEnd: null };
      const status = row.status === 'failed' ? 'canceled' : row.status;
      return { status, currentPeriodEnd: row.currentPeriodEnd };
    },
  };
}

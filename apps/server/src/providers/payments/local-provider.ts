// The `local` payment provider: a real implementation on our own tables, so that a fresh checkout can
// take a payment with no outside service. Plans, coupons (with real redemption counts), customers,
// payment methods (brand, last 4 and expiry only) and charges; every charge is recorded once per
// idempotency key. Monthly renewals are charged by the billing module's scheduled job.

import type {
  AdminCoupon,
  AdminPlan,
  Coupon,
  CreateCouponRequest,
  CreatePlanRequest,
} from '@bridge-talk/contract';
import { MSG } from '@bridge-talk/contract';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  paymentCardTokens,
  paymentCharges,
  paymentCouponRedemptions,
  paymentCoupons,
  paymentCustomers,
  paymentMethods,
  paymentPlans,
  subscriptions,
} from '../../db/schema.js';
import { localId } from './local-cards.js';
import {
  CardDeclinedError,
  CouponUsedUpError,
  InvalidCardTokenError,
  type PaymentsProvider,
  type PlanCatalogAdmin,
  type ProviderPlan,
} from './payments-provider.js';

const SEED_LOCK_KEY = 7_294_432;

/** The plans a fresh portal starts with, so that it can take a payment at once. */
export const SEED_PLANS = [
  { name: 'Lifetime', type: 'one_time', unitAmount: 19_900 },
  { name: 'Monthly', type: 'recurring', unitAmount: 1_999 },
] as const;

const planColumns = {
  id: paymentPlans.id,
  name: paymentPlans.name,
  type: paymentPlans.type,
  unitAmount: paymentPlans.unitAmount,
  active: paymentPlans.active,
  createdAt: paymentPlans.createdAt,
};
type PlanRow = {
  id: string;
  name: string;
  type: 'recurring' | 'one_time';
  unitAmount: number;
  active: boolean;
};

const couponColumns = {
  id: paymentCoupons.id,
  name: paymentCoupons.name,
  percentOff: paymentCoupons.percentOff,
  amountOff: paymentCoupons.amountOff,
  maxRedemptions: paymentCoupons.maxRedemptions,
  timesRedeemed: paymentCoupons.timesRedeemed,
  products: paymentCoupons.products,
  createdAt: paymentCoupons.createdAt,
};
type CouponRow = {
  id: string;
  name: string;
  percentOff: number | null;
  amountOff: number | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  products: string;
  createdAt: Date;
};

function toPlan(row: PlanRow): ProviderPlan {
  return {
    id: row.id,
    name: row.name,
    nickname: row.name,
    type: row.type,
    unit_amount: row.unitAmount,
    active: row.active,
  };
}

function toAdminPlan(row: PlanRow & { createdAt: Date }): AdminPlan {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    unit_amount: row.unitAmount,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    name: row.name,
    percent_off: row.percentOff,
    amount_off: row.amountOff,
    max_redemptions: row.maxRedemptions,
    times_redeemed: row.timesRedeemed,
    metadata: { products: row.products },
  };
}

function addOneMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCMonth(next.getUTCMonth() + 1);
  // 31 January + 1 month is the last day of February, not 3 March.
  if (next.getUTCDate() !== day) next.setUTCDate(0);
  return next;
}

export { addOneMonth };

export function createLocalProvider(db: Db): PaymentsProvider {
  async function findCoupon(code: string): Promise<Coupon | null> {
    const [row] = await db
      .select(couponColumns)
      .from(paymentCoupons)
      .where(sql`lower(${paymentCoupons.id}) = lower(${code})`);
    return row ? toCoupon(row) : null;
  }

  async function charge(input: {
    customerId: string;
    paymentMethodId: string;
    amount: number;
    description: string;
    idempotencyKey: string;
  }) {
    const [existing] = await db
      .select({
        id: paymentCharges.id,
        status: paymentCharges.status,
        failureCode: paymentCharges.failureCode,
        createdAt: paymentCharges.createdAt,
      })
      .from(paymentCharges)
      .where(eq(paymentCharges.idempotencyKey, input.idempotencyKey));
    const recorded =
      existing ??
      (await (async () => {
        const [method] = await db
          .select({
            declineCode: paymentMethods.declineCode,
            expMonth: paymentMethods.expMonth,
            expYear: paymentMethods.expYear,
          })
          .from(paymentMethods)
          .where(
            and(
              eq(paymentMethods.id, input.paymentMethodId),
              eq(paymentMethods.customerId, input.customerId),
            ),
          );
        const now = new Date();
        const expired =
          !method ||
          method.expYear < now.getUTCFullYear() ||
          (method.expYear === now.getUTCFullYear() && method.expMonth < now.getUTCMonth() + 1);
        const failureCode = !method
          ? 'payment_method_missing'
          : (method.declineCode ?? (expired ? 'expired_card' : null));
        const [row] = await db
          .insert(paymentCharges)
          .values({
            id: localId('ch'),
            idempotencyKey: input.idempotencyKey,
            customerId: input.customerId,
            paymentMethodId: input.paymentMethodId,
            amount: input.amount,
            description: input.description,
            status: failureCode ? 'failed' : 'succeeded',
            failureCode,
          })
          .onConflictDoNothing()
          .returning({
            id: paymentCharges.id,
            status: paymentCharges.status,
            failureCode: paymentCharges.failureCode,
            createdAt: paymentCharges.createdAt,
          });
        if (row) return row;
        // Another call with the same key recorded it a moment ago: its outcome is the outcome.
        const [raced] = await db
          .select({
            id: paymentCharges.id,
            status: paymentCharges.status,
            failureCode: paymentCharges.failureCode,
            createdAt: paymentCharges.createdAt,
          })
          .from(paymentCharges)
          .where(eq(paymentCharges.idempotencyKey, input.idempotencyKey));
        if (!raced) throw new Error('charge not recorded');
        return raced;
      })());
    if (recorded.status === 'failed') throw new CardDeclinedError(recorded.failureCode ?? 'card_declined');
    return recorded;
  }

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

  const catalog: PlanCatalogAdmin = {
    async listAllPlans() {
      const rows = await db
        .select(planColumns)
        .from(paymentPlans)
        .orderBy(desc(paymentPlans.active), asc(paymentPlans.type), asc(paymentPlans.unitAmount))
        .limit(500);
      return rows.map(toAdminPlan);
    },
    async createPlan(input: CreatePlanRequest) {
      const [row] = await db
        .insert(paymentPlans)
        .values({ id: localId('price'), name: input.name, type: input.type, unitAmount: input.unit_amount })
        .returning(planColumns);
      return toAdminPlan(row!);
    },
    async archivePlan(id: string) {
      const [row] = await db
        .update(paymentPlans)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(paymentPlans.id, id))
        .returning(planColumns);
      return row ? toAdminPlan(row) : null;
    },
    async listAllCoupons() {
      const rows = await db
        .select(couponColumns)
        .from(paymentCoupons)
        .orderBy(desc(paymentCoupons.createdAt))
        .limit(500);
      return rows.map((row): AdminCoupon => ({ ...toCoupon(row), createdAt: row.createdAt.toISOString() }));
    },
    async createCoupon(input: CreateCouponRequest) {
      const [row] = await db
        .insert(paymentCoupons)
        .values({
          id: input.id,
          name: input.name,
          percentOff: input.percent_off,
          amountOff: input.amount_off,
          maxRedemptions: input.max_redemptions,
          products: input.products.join(','),
        })
        .onConflictDoNothing()
        .returning(couponColumns);
      return row ? { ...toCoupon(row), createdAt: row.createdAt.toISOString() } : null;
    },
    async seedPlans() {
      // Several processes may start at once on one database: the first one seeds, under a lock.
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
        const [existing] = await tx.select({ id: paymentPlans.id }).from(paymentPlans).limit(1);
        if (existing) return false;
        await tx.insert(paymentPlans).values(SEED_PLANS.map((plan) => ({ id: localId('price'), ...plan })));
        return true;
      });
    },
  };

  return {
    kind: 'local',
    catalog,

    async listPlans() {
      const rows = await db
        .select(planColumns)
        .from(paymentPlans)
        .where(eq(paymentPlans.active, true))
        .orderBy(asc(paymentPlans.type), asc(paymentPlans.unitAmount))
        .limit(100);
      return rows.map(toPlan);
    },

    async findPlan(id) {
      const [row] = await db
        .select(planColumns)
        .from(paymentPlans)
        .where(and(eq(paymentPlans.id, id), eq(paymentPlans.active, true)));
      return row ? toPlan(row) : null;
    },

    findCoupon,

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
      const paid = await charge({
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
          const coupon = await findCoupon(couponId);
          throw new CouponUsedUpError(coupon?.name ?? couponId);
        }
        redeemed.push(couponId);
      }
    },

    releaseCoupons,

    async charge(input) {
      const paid = await charge(input);
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

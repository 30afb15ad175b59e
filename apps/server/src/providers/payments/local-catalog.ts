// The local provider's plans and coupons: the rows as the provider interface shows them, the reads
// a payment screen makes, and the administration (a new plan or coupon, archiving, the first plans).
import type {
  AdminCoupon,
  AdminPlan,
  Coupon,
  CreateCouponRequest,
  CreatePlanRequest,
  EditCouponRequest,
} from '@bridge-talk/contract';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentCoupons, paymentPlans } from '../../db/schema-billing.js';
import { localId } from './local-cards.js';
import type { PlanCatalogAdmin, ProviderPlan } from './payments-provider.js';

const SEED_LOCK_KEY = 7_294_432;

/** The plans a fresh portal starts with, so that it can take a payment at once. */
const SEED_PLANS = [
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
  archivedAt: paymentCoupons.archivedAt,
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
  archivedAt: Date | null;
  createdAt: Date;
};

function toAdminCoupon(row: CouponRow): AdminCoupon {
  return { ...toCoupon(row), archived: row.archivedAt !== null, createdAt: row.createdAt.toISOString() };
}

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

/** The active plans, one-time first, cheapest first. */
export async function listActivePlans(db: Db): Promise<ProviderPlan[]> {
  const rows = await db
    .select(planColumns)
    .from(paymentPlans)
    .where(eq(paymentPlans.active, true))
    .orderBy(asc(paymentPlans.type), asc(paymentPlans.unitAmount))
    .limit(100);
  return rows.map(toPlan);
}

export async function findActivePlan(db: Db, id: string): Promise<ProviderPlan | null> {
  const [row] = await db
    .select(planColumns)
    .from(paymentPlans)
    .where(and(eq(paymentPlans.id, id), eq(paymentPlans.active, true)));
  return row ? toPlan(row) : null;
}

/** A coupon by its code, in any case; an archived one is no coupon any more. */
export async function findLocalCoupon(db: Db, code: string): Promise<Coupon | null> {
  const [row] = await db
    .select(couponColumns)
    .from(paymentCoupons)
    .where(and(sql`lower(${paymentCoupons.id}) = lower(${code})`, isNull(paymentCoupons.archivedAt)));
  return row ? toCoupon(row) : null;
}

export function createLocalCatalog(db: Db): PlanCatalogAdmin {
  return {
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
    async setPlanActive(id: string, active: boolean) {
      const [row] = await db
        .update(paymentPlans)
        .set({ active, updatedAt: new Date() })
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
      return rows.map(toAdminCoupon);
    },
    async archiveCoupon(id: string) {
      await db
        .update(paymentCoupons)
        .set({ archivedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(paymentCoupons.id, id), isNull(paymentCoupons.archivedAt)));
      const [row] = await db.select(couponColumns).from(paymentCoupons).where(eq(paymentCoupons.id, id));
      return row ? toAdminCoupon(row) : null;
    },
    async editCoupon(id: string, input: EditCouponRequest) {
      const [row] = await db
        .update(paymentCoupons)
        .set({ name: input.name, maxRedemptions: input.max_redemptions, updatedAt: new Date() })
        .where(
          and(
            eq(paymentCoupons.id, id),
            // A limit below the redemptions already made would make the past wrong.
            input.max_redemptions === null
              ? undefined
              : lte(paymentCoupons.timesRedeemed, input.max_redemptions),
          ),
        )
        .returning(couponColumns);
      if (row) return toAdminCoupon(row);
      const [exists] = await db
        .select({ id: paymentCoupons.id })
        .from(paymentCoupons)
        .where(eq(paymentCoupons.id, id));
      return exists ? 'below_redeemed' : null;
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
      return row ? toAdminCoupon(row) : null;
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
}

// Queries of the billing module: groups, their payment details and subscriptions. Every read of a
// group's data takes the signed-in entity's id: there is no unscoped variant.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AuditEventInput, recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { billingInformation, entities, groups } from '../../db/schema.js';
import { subscriptions } from '../../db/schema-billing.js';

const CURRENT_STATUSES = ['incomplete', 'active', 'past_due'] as const;

export async function findEntityCoupon(db: Db, entityId: string): Promise<{ coupon: string | null } | null> {
  const [row] = await db.select({ coupon: entities.coupon }).from(entities).where(eq(entities.id, entityId));
  return row ?? null;
}

export async function findFamily(db: Db, entityId: string, groupId: string) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name, active: groups.active })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.entityId, entityId)));
  return row ?? null;
}

export interface BillingValues {
  cardName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  email: string;
  phone: string;
  cardBrand: string;
  cardLast4: string;
  cardExpMonth: number;
  cardExpYear: number;
  providerCustomerId: string;
  providerPaymentMethodId: string;
}

/**
 * Stores a group's payment details; creates the group first when `create` is set. The audit event is
 * kept with the change.
 */
export async function saveBillingInformation(
  db: Db,
  input: { entityId: string; groupId: string; create: boolean; values: BillingValues },
  audit: AuditEventInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (input.create) {
      await tx.insert(groups).values({ id: input.groupId, entityId: input.entityId });
      await recordAudit(tx, { ...audit, action: 'family.created', subject: null, details: null });
    }
    await tx
      .insert(billingInformation)
      .values({ groupId: input.groupId, ...input.values })
      .onConflictDoUpdate({
        target: billingInformation.groupId,
        set: { ...input.values, updatedAt: new Date() },
      });
    await recordAudit(tx, audit);
  });
}

const billingColumns = {
  cardName: billingInformation.cardName,
  address: billingInformation.address,
  city: billingInformation.city,
  state: billingInformation.state,
  zip: billingInformation.zip,
  country: billingInformation.country,
  email: billingInformation.email,
  phone: billingInformation.phone,
  cardBrand: billingInformation.cardBrand,
  cardLast4: billingInformation.cardLast4,
  cardExpMonth: billingInformation.cardExpMonth,
  cardExpYear: billingInformation.cardExpYear,
  providerCustomerId: billingInformation.providerCustomerId,
  providerPaymentMethodId: billingInformation.providerPaymentMethodId,
};

export async function findBillingInformation(db: Db, entityId: string, groupId: string) {
  const [row] = await db
    .select(billingColumns)
    .from(billingInformation)
    .innerJoin(groups, eq(groups.id, billingInformation.groupId))
    .where(and(eq(billingInformation.groupId, groupId), eq(groups.entityId, entityId)));
  return row ?? null;
}

/**
 * Deletes a family that was never named and has no plan in effect (with its payment details, by
 * cascade); the audit event is kept with it. false when the family is not (or no longer) one.
 */
export async function deleteUnfinishedFamily(
  db: Db,
  input: { entityId: string; groupId: string },
  audit: AuditEventInput,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(groups)
      .where(
        and(
          eq(groups.id, input.groupId),
          eq(groups.entityId, input.entityId),
          isNull(groups.name),
          sql`not exists (select 1 from ${subscriptions} where ${subscriptions.groupId} = ${groups.id} and ${inArray(subscriptions.status, [...CURRENT_STATUSES])})`,
        ),
      )
      .returning({ id: groups.id });
    if (!deleted) return false;
    await recordAudit(tx, audit);
    return true;
  });
}

export async function nameFamily(
  db: Db,
  input: { entityId: string; groupId: string; name: string; childFirstName: string; childLastName: string },
): Promise<void> {
  await db
    .update(groups)
    .set({
      name: input.name,
      childFirstName: input.childFirstName,
      childLastName: input.childLastName,
      updatedAt: new Date(),
    })
    .where(and(eq(groups.id, input.groupId), eq(groups.entityId, input.entityId)));
}

const subscriptionColumns = {
  id: subscriptions.id,
  groupId: subscriptions.groupId,
  provider: subscriptions.provider,
  planId: subscriptions.planId,
  planType: subscriptions.planType,
  couponIds: subscriptions.couponIds,
  amount: subscriptions.amount,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  providerSubscriptionId: subscriptions.providerSubscriptionId,
  providerPaymentId: subscriptions.providerPaymentId,
  createdAt: subscriptions.createdAt,
  updatedAt: subscriptions.updatedAt,
};
export type SubscriptionRow = Awaited<ReturnType<typeof findCurrentSubscription>> & {};

/** The group's subscription that is not over (at most one: a unique index sees to it). */
export async function findCurrentSubscription(db: Db, entityId: string, groupId: string) {
  const [row] = await db
    .select(subscriptionColumns)
    .from(subscriptions)
    .innerJoin(groups, eq(groups.id, subscriptions.groupId))
    .where(
      and(
        eq(subscriptions.groupId, groupId),
        eq(groups.entityId, entityId),
        inArray(subscriptions.status, [...CURRENT_STATUSES]),
      ),
    );
  return row ?? null;
}

export interface NewSubscription {
  groupId: string;
  provider: 'local' | 'stripe';
  planId: string;
  planType: 'recurring' | 'one_time';
  couponIds: string[];
  amount: number;
}

/** Inserts an incomplete subscription; null when the group already has a current one. */
export async function insertSubscription(db: Db, input: NewSubscription) {
  const [row] = await db
    .insert(subscriptions)
    .values({ ...input, status: 'incomplete' })
    .onConflictDoNothing()
    .returning(subscriptionColumns);
  return row ?? null;
}

/** Marks a subscription paid; with an audit event (a plan chosen), both are kept together. */
export async function markSubscriptionPaid(
  db: Db,
  id: string,
  result: { paymentId: string | null; subscriptionId: string | null; currentPeriodEnd: Date | null },
  audit: AuditEventInput | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({
        status: 'active',
        providerPaymentId: result.paymentId,
        providerSubscriptionId: result.subscriptionId,
        currentPeriodEnd: result.currentPeriodEnd,
        updatedAt: new Date(),
      })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete')));
    if (audit) await recordAudit(tx, audit);
  });
}

export async function markSubscriptionFailed(db: Db, id: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete')));
}

/** A monthly subscription takes another monthly plan (its price applies from the next period). */
export async function changeSubscriptionPlan(
  db: Db,
  id: string,
  input: { planId: string; couponIds: string[]; amount: number; currentPeriodEnd: Date | null },
  audit: AuditEventInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({
        planId: input.planId,
        couponIds: input.couponIds,
        amount: input.amount,
        ...(input.currentPeriodEnd ? { currentPeriodEnd: input.currentPeriodEnd } : {}),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, id));
    await recordAudit(tx, audit);
  });
}

/** A monthly subscription ends and a paid one-time plan takes its place, in one transaction. */
export async function replaceWithOneTime(
  db: Db,
  input: { currentId: string; next: NewSubscription; paymentId: string },
  audit: AuditEventInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(eq(subscriptions.id, input.currentId));
    await tx
      .insert(subscriptions)
      .values({ ...input.next, status: 'active', providerPaymentId: input.paymentId });
    await recordAudit(tx, audit);
  });
}

/** Whether a subscription row has stayed incomplete long enough to be a crashed attempt. */
export function isStale(row: { status: string; updatedAt: Date }, olderThanMs: number): boolean {
  return row.status === 'incomplete' && Date.now() - row.updatedAt.getTime() > olderThanMs;
}

export async function touchSubscription(db: Db, id: string): Promise<void> {
  await db.update(subscriptions).set({ updatedAt: sql`now()` }).where(eq(subscriptions.id, id));
}

// Queries of the monthly renewals of local subscriptions (renewals.ts holds their rules).
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billingInformation } from '../../db/schema.js';
import { paymentCardTokens, subscriptions } from '../../db/schema-billing.js';

/** Local monthly subscriptions whose period ended by `now` and whose next attempt is due, oldest first. */
export function findDueRenewals(db: Db, now: Date, limit: number) {
  return db
    .select({
      id: subscriptions.id,
      groupId: subscriptions.groupId,
      amount: subscriptions.amount,
      planId: subscriptions.planId,
      couponIds: subscriptions.couponIds,
      email: billingInformation.email,
      cardBrand: billingInformation.cardBrand,
      cardLast4: billingInformation.cardLast4,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      renewalFailures: subscriptions.renewalFailures,
      customerId: billingInformation.providerCustomerId,
      paymentMethodId: billingInformation.providerPaymentMethodId,
    })
    .from(subscriptions)
    .innerJoin(billingInformation, eq(billingInformation.groupId, subscriptions.groupId))
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        eq(subscriptions.planType, 'recurring'),
        inArray(subscriptions.status, ['active', 'past_due']),
        lte(subscriptions.currentPeriodEnd, now),
        or(isNull(subscriptions.nextAttemptAt), lte(subscriptions.nextAttemptAt, now)),
      ),
    )
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit);
}

type RenewalChange = Pick<
  typeof subscriptions.$inferInsert,
  'status' | 'currentPeriodEnd' | 'renewalFailures' | 'nextAttemptAt'
>;

/** Records a renewal's outcome, only if the subscription is still in the period that was charged. */
export async function updateRenewedPeriod(
  db: Db,
  subscriptionId: string,
  periodEnd: Date,
  change: RenewalChange,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.currentPeriodEnd, periodEnd)));
}

export async function deleteCardTokensCreatedBefore(db: Db, before: Date): Promise<void> {
  await db.delete(paymentCardTokens).where(lt(paymentCardTokens.createdAt, before));
}

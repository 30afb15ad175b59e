// Local payments: monthly subscriptions renew by a scheduled job. Each run charges the subscriptions
// whose period has ended with the group's current card; the charge's key names the subscription, the
// period and the attempt, so two runs at once (or a retried job) charge a period once. A declined
// renewal is tried again a day later, three more times, and then the subscription ends.
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { billingInformation, paymentCardTokens, subscriptions } from '../../db/schema.js';
import { CardDeclinedError, type PaymentsProvider } from '../../providers/payments/index.js';
import { addOneMonth } from '../../providers/payments/local-provider.js';
import { deleteExpiredIdempotencyKeys } from './idempotency.js';

export const RENEWAL_SCHEDULE = '*/15 * * * *';
const MAX_RENEWAL_FAILURES = 4;
const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface RenewalOutcome {
  renewed: number;
  declined: number;
  canceled: number;
}

export async function renewDueSubscriptions(
  ctx: Pick<AppContext, 'db' | 'logger'>,
  payments: PaymentsProvider,
  now: Date = new Date(),
): Promise<RenewalOutcome> {
  const outcome: RenewalOutcome = { renewed: 0, declined: 0, canceled: 0 };
  if (payments.kind !== 'local') return outcome;
  const due = await ctx.db
    .select({
      id: subscriptions.id,
      amount: subscriptions.amount,
      planId: subscriptions.planId,
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
    .limit(BATCH);
  for (const row of due) {
    const periodEnd = row.currentPeriodEnd!;
    const samePeriod = and(eq(subscriptions.id, row.id), eq(subscriptions.currentPeriodEnd, periodEnd));
    try {
      await payments.charge({
        customerId: row.customerId,
        paymentMethodId: row.paymentMethodId,
        amount: row.amount,
        description: `Monthly renewal of ${row.planId}`,
        idempotencyKey: `renew-${row.id}-${periodEnd.toISOString()}-${row.renewalFailures}`,
      });
      await ctx.db
        .update(subscriptions)
        .set({
          status: 'active',
          currentPeriodEnd: addOneMonth(periodEnd),
          renewalFailures: 0,
          nextAttemptAt: null,
          updatedAt: new Date(),
        })
        .where(samePeriod);
      outcome.renewed += 1;
    } catch (error) {
      if (!(error instanceof CardDeclinedError)) throw error;
      const failures = row.renewalFailures + 1;
      const ends = failures >= MAX_RENEWAL_FAILURES;
      await ctx.db
        .update(subscriptions)
        .set({
          status: ends ? 'canceled' : 'past_due',
          renewalFailures: failures,
          nextAttemptAt: ends ? null : new Date(now.getTime() + RETRY_AFTER_MS),
          updatedAt: new Date(),
        })
        .where(samePeriod);
      if (ends) outcome.canceled += 1;
      else outcome.declined += 1;
      ctx.logger.warn({ subscriptionId: row.id, code: error.code, failures }, 'monthly renewal declined');
    }
  }
  return outcome;
}

/** Card tokens never saved are of no use after a day. */
async function deleteStaleCardTokens(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await ctx.db
    .delete(paymentCardTokens)
    .where(lt(paymentCardTokens.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}

export async function registerBillingJobs(ctx: AppContext, payments: PaymentsProvider): Promise<void> {
  ctx.queue.register('billing.renew', async () => {
    const outcome = await renewDueSubscriptions(ctx, payments);
    if (outcome.renewed + outcome.declined + outcome.canceled > 0)
      ctx.logger.info(outcome, 'monthly renewals');
    await deleteExpiredIdempotencyKeys(ctx.db);
    await deleteStaleCardTokens(ctx);
  });
  await ctx.queue.schedule('billing.renew', RENEWAL_SCHEDULE);
}

// Local payments: monthly subscriptions renew by a scheduled job. Each run charges the subscriptions
// whose period has ended with the group's current card; the charge's key names the subscription, the
// period and the attempt, so two runs at once (or a retried job) charge a period once. A declined
// renewal is tried again a day later, three more times, and then the subscription ends.
import type { AppContext } from '../../app-context.js';
import { CardDeclinedError, type PaymentsProvider } from '../../providers/payments/index.js';
import { addOneMonth } from '../../providers/payments/local-charges.js';
import { recordCharge } from './charges.js';
import { deleteExpiredIdempotencyKeys } from './idempotency.js';
import * as repo from './renewals.repository.js';

const RENEWAL_SCHEDULE = '*/15 * * * *';
const MAX_RENEWAL_FAILURES = 4;
const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface RenewalOutcome {
  renewed: number;
  declined: number;
  canceled: number;
}

export async function renewDueSubscriptions(
  ctx: Pick<AppContext, 'db' | 'logger' | 'queue'>,
  payments: PaymentsProvider,
  now: Date = new Date(),
): Promise<RenewalOutcome> {
  const outcome: RenewalOutcome = { renewed: 0, declined: 0, canceled: 0 };
  if (payments.kind !== 'local') return outcome;
  const due = await repo.findDueRenewals(ctx.db, now, BATCH);
  for (const row of due) {
    const periodEnd = row.currentPeriodEnd!;
    const idempotencyKey = `renew-${row.id}-${periodEnd.toISOString()}-${row.renewalFailures}`;
    const charged = (status: 'succeeded' | 'declined') =>
      recordRenewal(ctx, payments, row, idempotencyKey, status).catch((error: unknown) =>
        ctx.logger.error({ err: error, subscriptionId: row.id }, 'renewal charge not recorded'),
      );
    try {
      await payments.charge({
        customerId: row.customerId,
        paymentMethodId: row.paymentMethodId,
        amount: row.amount,
        description: `Monthly renewal of ${row.planId}`,
        idempotencyKey,
      });
      await repo.updateRenewedPeriod(ctx.db, row.id, periodEnd, {
        status: 'active',
        currentPeriodEnd: addOneMonth(periodEnd),
        renewalFailures: 0,
        nextAttemptAt: null,
      });
      outcome.renewed += 1;
      await charged('succeeded');
    } catch (error) {
      if (!(error instanceof CardDeclinedError)) throw error;
      const failures = row.renewalFailures + 1;
      const ends = failures >= MAX_RENEWAL_FAILURES;
      await repo.updateRenewedPeriod(ctx.db, row.id, periodEnd, {
        status: ends ? 'canceled' : 'past_due',
        renewalFailures: failures,
        nextAttemptAt: ends ? null : new Date(now.getTime() + RETRY_AFTER_MS),
      });
      await charged('declined');
      if (ends) outcome.canceled += 1;
      else outcome.declined += 1;
      ctx.logger.warn({ subscriptionId: row.id, code: error.code, failures }, 'monthly renewal declined');
    }
  }
  return outcome;
}

/** A renewal's charge, named by the plan and coupons as they are called now (an archived one by its id). */
async function recordRenewal(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  payments: PaymentsProvider,
  row: Awaited<ReturnType<typeof repo.findDueRenewals>>[number],
  chargeKey: string,
  status: 'succeeded' | 'declined',
): Promise<void> {
  const plan = await payments.findPlan(row.planId);
  const coupons = await Promise.all(row.couponIds.map((id) => payments.findCoupon(id)));
  await recordCharge(ctx, {
    groupId: row.groupId,
    provider: payments.kind,
    chargeKey,
    plan: { name: plan?.name ?? row.planId, type: 'recurring' },
    couponNames: coupons.map((coupon, index) => coupon?.name ?? row.couponIds[index]!),
    amount: row.amount,
    status,
    billing: { email: row.email, cardBrand: row.cardBrand, cardLast4: row.cardLast4 },
  });
}

/** Card tokens never saved are of no use after a day. */
async function deleteStaleCardTokens(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await repo.deleteCardTokensCreatedBefore(ctx.db, new Date(Date.now() - 24 * 60 * 60 * 1000));
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

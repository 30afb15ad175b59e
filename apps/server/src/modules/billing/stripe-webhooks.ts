// Stripe webhook events, applied to our subscriptions once each: the event id is recorded in the
// same transaction as its change, so a replayed event changes nothing; an event older than the last
// one applied to a subscription (Stripe does not promise order) changes nothing either.
import { and, eq, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { processedWebhookEvents, subscriptions } from '../../db/schema.js';
import type { PaymentEvent } from '../../providers/payments/index.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedWebhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: processedWebhookEvents.id });
    if (!fresh) return 'duplicate';
    const notOlder = or(
      isNull(subscriptions.providerEventAt),
      lte(subscriptions.providerEventAt, event.created),
    );
    if (event.kind === 'subscription') {
      if (event.status === 'unknown') return 'ignored';
      await tx
        .update(subscriptions)
        .set({
          status: event.status,
          ...(event.currentPeriodEnd ? { currentPeriodEnd: event.currentPeriodEnd } : {}),
          providerEventAt: event.created,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(subscriptions.providerSubscriptionId, event.subscriptionId),
            // An ended subscription is never brought back: a group may have a newer one.
            notInArray(subscriptions.status, ['failed', 'canceled']),
            notOlder,
          ),
        );
      return 'applied';
    }
    if (event.kind === 'payment' && (event.status === 'succeeded' || event.status === 'failed')) {
      await tx
        .update(subscriptions)
        .set({
          status: event.status === 'succeeded' ? 'active' : 'failed',
          providerEventAt: event.created,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(subscriptions.providerPaymentId, event.paymentId),
            eq(subscriptions.status, 'incomplete'),
            notOlder,
          ),
        );
      return 'applied';
    }
    return 'ignored';
  });
}

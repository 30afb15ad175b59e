// Stripe webhook events, applied to our subscriptions once each: the event id is recorded in the
// same transaction as its change, so a replayed event changes nothing; an event older than the last
// one applied to a subscription (Stripe does not promise order) changes nothing either.
import type { Db } from '../../db/client.js';
import type { PaymentEvent } from '../../providers/payments/index.js';
import * as repo from './stripe-webhooks.repository.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    if (!(await repo.recordWebhookEvent(tx, event.id, event.type))) return 'duplicate';
    if (event.kind === 'subscription') {
      if (event.status === 'unknown') return 'ignored';
      await repo.updateSubscriptionFromEvent(tx, {
        subscriptionId: event.subscriptionId,
        status: event.status,
        currentPeriodEnd: event.currentPeriodEnd,
        eventAt: event.created,
      });
      return 'applied';
    }
    if (event.kind === 'payment' && (event.status === 'succeeded' || event.status === 'failed')) {
      await repo.settleIncompleteSubscription(tx, {
        paymentId: event.paymentId,
        status: event.status === 'succeeded' ? 'active' : 'failed',
        eventAt: event.created,
      });
      return 'applied';
    }
    return 'ignored';
  });
}

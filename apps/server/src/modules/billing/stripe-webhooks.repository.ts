// Queries of the Stripe webhook events (stripe-webhooks.ts holds their rules). An update changes a
// subscription only if the event is not older than the last one applied to it.
import { and, eq, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { processedWebhookEvents, subscriptions } from '../../db/schema-billing.js';

type SubscriptionStatus = (typeof subscriptions.$inferSelect)['status'];

/** Records an event id; false if it was recorded before (a replay). */
export async function recordWebhookEvent(db: Db, id: string, type: string): Promise<boolean> {
  const [fresh] = await db
    .insert(processedWebhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return fresh !== undefined;
}

const notOlderThan = (eventAt: Date) =>
  or(isNull(subscriptions.providerEventAt), lte(subscriptions.providerEventAt, eventAt));

/** Follows a provider subscription's status; an ended subscription is never brought back. */
export async function updateSubscriptionFromEvent(
  db: Db,
  event: { subscriptionId: string; status: SubscriptionStatus; currentPeriodEnd: Date | null; eventAt: Date },
): Promise<void> {
  await db
    .update(subscriptions)
    .set({
      status: event.status,
      ...(event.currentPeriodEnd ? { currentPeriodEnd: event.currentPeriodEnd } : {}),
      providerEventAt: event.eventAt,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, event.subscriptionId),
        // An ended subscription is never brought back: a group may have a newer one.
        notInArray(subscriptions.status, ['failed', 'canceled']),
        notOlderThan(event.eventAt),
      ),
    );
}

/** Settles the incomplete subscription a provider payment was for. */
export async function settleIncompleteSubscription(
  db: Db,
  event: { paymentId: string; status: 'active' | 'failed'; eventAt: Date },
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: event.status, providerEventAt: event.eventAt, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.providerPaymentId, event.paymentId),
        eq(subscriptions.status, 'incomplete'),
        notOlderThan(event.eventAt),
      ),
    );
}

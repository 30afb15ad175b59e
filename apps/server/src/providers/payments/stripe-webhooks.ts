// Stripe's webhooks: the signature check and the events our records follow (a subscription's state,
// a one-time payment's outcome), each reduced to a PaymentEvent; any other event is ignored.
import type Stripe from 'stripe';
import type { PaymentStatus, ProviderSubscriptionStatus } from './payments-provider.js';
import { periodEndOf, subscriptionStatusOf } from './stripe-objects.js';

/** A webhook event, reduced to what our records follow. */
export type PaymentEvent =
  | {
      kind: 'subscription';
      id: string;
      type: string;
      created: Date;
      subscriptionId: string;
      status: ProviderSubscriptionStatus;
      currentPeriodEnd: Date | null;
    }
  | { kind: 'payment'; id: string; type: string; created: Date; paymentId: string; status: PaymentStatus }
  | { kind: 'ignored'; id: string; type: string; created: Date };

export class InvalidWebhookSignatureError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('invalid webhook signature', options);
    this.name = 'InvalidWebhookSignatureError';
  }
}

/** The event of a webhook call whose signature verifies with `secret`; throws when it does not. */
export function verifyStripeWebhook(
  stripe: Stripe,
  secret: string | undefined,
  rawBody: Buffer,
  signature: string,
): PaymentEvent {
  if (!secret) throw new InvalidWebhookSignatureError();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new InvalidWebhookSignatureError({ cause: error });
  }
  return paymentEventOf(event);
}

function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type, created: new Date(event.created * 1000) };
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = object as unknown as Stripe.Subscription;
      return {
        ...base,
        kind: 'subscription',
        subscriptionId: subscription.id,
        status:
          event.type === 'customer.subscription.deleted'
            ? 'canceled'
            : subscriptionStatusOf(subscription.status),
        currentPeriodEnd: periodEndOf(subscription),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = object as unknown as Stripe.Invoice;
      const parent = invoice.parent?.subscription_details?.subscription;
      const legacy = (object as { subscription?: unknown }).subscription;
      const reference = parent ?? legacy;
      const subscriptionId =
        typeof reference === 'string' ? reference : (reference as { id?: string } | undefined)?.id;
      if (!subscriptionId) return { ...base, kind: 'ignored' };
      const periodEnd = invoice.lines?.data?.[0]?.period?.end;
      return {
        ...base,
        kind: 'subscription',
        subscriptionId,
        status: event.type === 'invoice.paid' ? 'active' : 'past_due',
        currentPeriodEnd: event.type === 'invoice.paid' && periodEnd ? new Date(periodEnd * 1000) : null,
      };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = object as unknown as Stripe.PaymentIntent;
      return {
        ...base,
        kind: 'payment',
        paymentId: intent.id,
        status: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
      };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}

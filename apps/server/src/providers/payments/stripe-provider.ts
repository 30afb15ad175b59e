// The `stripe` payment provider, on the official SDK. Plans are Stripe prices, coupons Stripe coupons;
// the browser tokenises the card with Stripe Elements (a PaymentMethod id reaches us, never a number).
// Every mutating call carries an idempotency key derived from rows we wrote before the call, so a
// repeated call is answered by Stripe, not done twice. Webhook events are verified and normalised here.
//
// Stripe charges what the server computed with the contract's price rule, never its own discount
// arithmetic (which has no 5-cent floor and ignores metadata.products): a monthly subscription is billed
// with an inline price of that amount and no Stripe discounts. Stripe therefore does not count the
// redemptions; we do, from our own subscriptions, as the local provider counts its own.
import type { Coupon } from '@bridge-talk/contract';
import Stripe from 'stripe';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import {
  CardDeclinedError,
  CouponUsedUpError,
  InvalidCardTokenError,
  PaymentProviderError,
  type PaymentStatus,
  type PaymentsProvider,
  type ProviderPlan,
  type ProviderSubscriptionStatus,
  type UpdateCustomerInput,
} from './payments-provider.js';
import { countStripeRedemptions } from './stripe-redemptions.repository.js';

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

export interface StripeProvider extends PaymentsProvider {
  readonly kind: 'stripe';
  /** Verifies the signature of a webhook call; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string): PaymentEvent;
  /** A SetupIntent for a card to be saved for later charges; its client secret, for the browser. */
  createCardSetup(idempotencyKey: string): Promise<{ clientSecret: string }>;
}

export class InvalidWebhookSignatureError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('invalid webhook signature', options);
    this.name = 'InvalidWebhookSignatureError';
  }
}

function subscriptionStatusOf(status: string): ProviderSubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  if (status === 'incomplete') return 'incomplete';
  return 'unknown';
}

function paymentStatusOf(status: string): PaymentStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'canceled' || status === 'requires_payment_method') return 'failed';
  if (status === 'processing' || status === 'requires_action' || status === 'requires_confirmation')
    return 'pending';
  return 'unknown';
}

function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const end = subscription.items?.data?.[0]?.current_period_end;
  return typeof end === 'number' ? new Date(end * 1000) : null;
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return (
    error instanceof Error && typeof (error as { type?: unknown }).type === 'string' && 'rawType' in error
  );
}

/** Stripe's answer for an object that does not exist. */
function isMissing(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);
}

/** Runs one Stripe call; a card error becomes a decline, anything else not the customer's fault. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isStripeError(error) && error.type === 'StripeCardError') {
      throw new CardDeclinedError(error.decline_code ?? error.code ?? 'card_declined');
    }
    if (error instanceof CardDeclinedError || error instanceof InvalidCardTokenError) throw error;
    throw new PaymentProviderError(
      isStripeError(error) ? `stripe: ${error.type}` : 'stripe: request failed',
      {
        cause: error,
      },
    );
  }
}

/** The customer's contact details as Stripe keeps them. */
function customerDetails(input: Omit<UpdateCustomerInput, 'customerId'>) {
  return {
    email: input.email,
    name: input.name,
    phone: input.phone,
    address: {
      line1: input.address.line1,
      city: input.address.city,
      state: input.address.state,
      postal_code: input.address.postalCode,
      country: input.address.country,
    },
    metadata: { groupId: input.groupId },
  };
}

function toPlan(price: Stripe.Price): ProviderPlan | null {
  const product = typeof price.product === 'object' ? price.product : null;
  if (price.unit_amount === null || (product && 'deleted' in product)) return null;
  if (price.type === 'recurring' && price.recurring?.interval !== 'month') return null;
  if (product && !product.active) return null;
  const name = price.nickname ?? (product && !('deleted' in product) ? product.name : price.id);
  return {
    id: price.id,
    name,
    nickname: name,
    type: price.type === 'recurring' ? 'recurring' : 'one_time',
    unit_amount: price.unit_amount,
    active: price.active,
  };
}

/** A Stripe coupon; `ours` is the redemptions our subscriptions made, which Stripe does not see. */
function toCoupon(coupon: Stripe.Coupon, ours: number): Coupon | null {
  const timesRedeemed = coupon.times_redeemed + ours;
  const usedUp = coupon.max_redemptions !== null && timesRedeemed >= coupon.max_redemptions;
  // A coupon Stripe calls invalid for another reason than being used up (redeem_by passed) is no coupon.
  if (!coupon.valid && !usedUp) return null;
  return {
    id: coupon.id,
    name: coupon.name ?? coupon.id,
    percent_off: coupon.percent_off ?? null,
    amount_off: coupon.amount_off ?? null,
    max_redemptions: coupon.max_redemptions ?? null,
    times_redeemed: timesRedeemed,
    metadata: { products: coupon.metadata?.products ?? '' },
  };
}

export function createStripeClient(config: Config['payments']['stripe']): Stripe {
  if (!config.secretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Bridge Talk portal' },
    ...(config.apiHost ? { host: config.apiHost } : {}),
    ...(config.apiPort ? { port: config.apiPort } : {}),
    ...(config.apiProtocol ? { protocol: config.apiProtocol } : {}),
  });
}

export function createStripeProvider(config: Config['payments']['stripe'], db: Db): StripeProvider {
  const stripe = createStripeClient(config);
  const webhookSecret = config.webhookSecret;

  const ourRedemptions = (couponId: string, exceptGroupId?: string) =>
    countStripeRedemptions(db, couponId, exceptGroupId);

  async function retrieveCoupon(code: string): Promise<Stripe.Coupon | null> {
    try {
      return await stripe.coupons.retrieve(code);
    } catch (error) {
      if (isMissing(error)) return null;
      throw new PaymentProviderError('stripe: coupon lookup failed', { cause: error });
    }
  }

  /** The monthly price item of a subscription: the plan's product at the amount we computed. */
  async function monthlyPriceData(plan: ProviderPlan, amount: number) {
    const price = await call(() => stripe.prices.retrieve(plan.id));
    const product = typeof price.product === 'string' ? price.product : price.product.id;
    return {
      currency: price.currency,
      product,
      recurring: { interval: 'month' as const },
      unit_amount: amount,
    };
  }

  async function findPlan(id: string): Promise<ProviderPlan | null> {
    try {
      const price = await stripe.prices.retrieve(id, { expand: ['product'] });
      const plan = toPlan(price);
      return plan?.active ? plan : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw new PaymentProviderError('stripe: price lookup failed', { cause: error });
    }
  }

  async function paymentIntent(input: {
    customerId: string;
    paymentMethodId: string;
    amount: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<string> {
    const intent = await call(() =>
      stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'usd',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          // A saved card paid off-session: nothing may send the customer to a redirect.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          off_session: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (intent.status !== 'succeeded')
      throw new CardDeclinedError(intent.last_payment_error?.code ?? intent.status);
    return intent.id;
  }

  return {
    kind: 'stripe',

    async listPlans() {
      const prices = await call(() =>
        stripe.prices.list({ active: true, limit: 100, expand: ['data.product'] }),
      );
      return prices.data.flatMap((price) => {
        const plan = toPlan(price);
        return plan ? [plan] : [];
      });
    },

    findPlan,

    async findCoupon(code) {
      const coupon = await retrieveCoupon(code);
      return coupon && toCoupon(coupon, await ourRedemptions(coupon.id));
    },

    async createCardSetup(idempotencyKey) {
      const intent = await call(() =>
        stripe.setupIntents.create(
          // Saved for charges made later without the payer: monthly renewals. Cards need no redirect.
          { usage: 'off_session', automatic_payment_methods: { enabled: true, allow_redirects: 'never' } },
          { idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new PaymentProviderError('stripe: setup intent without a secret');
      return { clientSecret: intent.client_secret };
    },

    async updateCustomer(input) {
      await call(() =>
        stripe.customers.update(input.customerId, customerDetails(input), {
          idempotencyKey: `${input.idempotencyKey}-customer`,
        }),
      );
    },

    async saveCustomer(input) {
      const details = customerDetails(input);
      const key = input.idempotencyKey;
      const customer = await call(() =>
        input.customerId
          ? stripe.customers.update(input.customerId, details, { idempotencyKey: `${key}-customer` })
          : stripe.customers.create(details, { idempotencyKey: `${key}-customer` }),
      );
      let method: Stripe.PaymentMethod;
      try {
        method = await call(() =>
          stripe.paymentMethods.attach(
            input.cardToken,
            { customer: customer.id },
            { idempotencyKey: `${key}-attach` },
          ),
        );
      } catch (error) {
        if (error instanceof PaymentProviderError && isMissing(error.cause))
          throw new InvalidCardTokenError();
        throw error;
      }
      if (!method.card) throw new InvalidCardTokenError();
      await call(() =>
        stripe.customers.update(
          customer.id,
          { invoice_settings: { default_payment_method: method.id } },
          { idempotencyKey: `${key}-default` },
        ),
      );
      return {
        customerId: customer.id,
        paymentMethodId: method.id,
        card: {
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        },
      };
    },

    async subscribe(input) {
      const metadata = {
        groupId: input.groupId,
        priceId: input.plan.id,
        coupons: input.coupons.map((c) => c.id).join(','),
      };
      if (input.plan.type === 'one_time') {
        const paymentId = await paymentIntent({
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId,
          amount: input.amount,
          description: `${input.plan.name} (one-time payment)`,
          metadata,
          idempotencyKey: input.idempotencyKey,
        });
        return { paymentId, subscriptionId: null, currentPeriodEnd: null };
      }
      const priceData = await monthlyPriceData(input.plan, input.amount);
      const subscription = await call(() =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            // The coupons are in the amount already: Stripe is given no discount to apply again.
            items: [{ price_data: priceData }],
            default_payment_method: input.paymentMethodId,
            // The first month is paid now or the call fails: no subscription waits for a card.
            payment_behavior: 'error_if_incomplete',
            metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return {
        paymentId: null,
        subscriptionId: subscription.id,
        currentPeriodEnd: periodEndOf(subscription),
      };
    },

    async changeRecurringPlan(input) {
      const current = await call(() => stripe.subscriptions.retrieve(input.subscriptionId));
      const item = current.items.data[0];
      const priceData = await monthlyPriceData(input.plan, input.amount);
      const updated = await call(() =>
        stripe.subscriptions.update(
          input.subscriptionId,
          {
            items: [item ? { id: item.id, price_data: priceData } : { price_data: priceData }],
            // No Stripe discount either (an empty value removes any the subscription has).
            discounts: '',
            default_payment_method: input.paymentMethodId,
            // The new price applies from the next period, as the local provider does.
            proration_behavior: 'none',
            metadata: {
              groupId: input.groupId,
              priceId: input.plan.id,
              coupons: input.coupons.map((c) => c.id).join(','),
            },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { paymentId: null, subscriptionId: updated.id, currentPeriodEnd: periodEndOf(updated) };
    },

    async cancelSubscription(subscriptionId, idempotencyKey) {
      try {
        await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
      } catch (error) {
        if (isMissing(error)) return;
        throw new PaymentProviderError('stripe: cancel failed', { cause: error });
      }
    },

    // The family redeeming is left out of the count and counted as the one redeeming now. A new
    // subscription lists its coupons before this runs, so two families subscribing at once for the
    // last redemption see each other and are both refused rather than both served. (A plan change
    // lists its new coupons only once made: two changes at the same instant could both take the last.)
    async redeemCoupons(couponIds, _idempotencyKey, groupId) {
      for (const couponId of couponIds) {
        const coupon = await retrieveCoupon(couponId);
        if (!coupon) throw new CouponUsedUpError(couponId);
        if (coupon.max_redemptions === null) continue;
        const redeemed = coupon.times_redeemed + (await ourRedemptions(couponId, groupId)) + 1;
        if (redeemed > coupon.max_redemptions) throw new CouponUsedUpError(coupon.name ?? coupon.id);
      }
    },
    // A subscription that was not paid is marked failed, and a failed one is not counted.
    async releaseCoupons() {},

    async charge(input) {
      const paymentId = await paymentIntent({ ...input, metadata: {} });
      return { paymentId };
    },

    async paymentStatus(paymentId) {
      try {
        return paymentStatusOf((await stripe.paymentIntents.retrieve(paymentId)).status);
      } catch (error) {
        if (isMissing(error)) return 'unknown';
        throw new PaymentProviderError('stripe: payment lookup failed', { cause: error });
      }
    },

    async subscriptionStatus(subscriptionId) {
      try {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        return {
          status: subscriptionStatusOf(subscription.status),
          currentPeriodEnd: periodEndOf(subscription),
        };
      } catch (error) {
        if (isMissing(error)) return { status: 'unknown', currentPeriodEnd: null };
        throw new PaymentProviderError('stripe: subscription lookup failed', { cause: error });
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!webhookSecret) throw new InvalidWebhookSignatureError();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new InvalidWebhookSignatureError({ cause: error });
      }
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
    },
  };
}

// The `stripe` payment provider, on the official SDK. Plans are Stripe prices, coupons Stripe coupons;
// the browser tokenises the card with Stripe Elements (a PaymentMethod id reaches us, never a number).
// Every mutating call carries an idempotency key derived from rows we wrote before the call, so a
// repeated call is answered by Stripe, not done twice. Webhook events are verified and normalised in
// stripe-webhooks.ts; Stripe's objects are read in stripe-objects.ts.
//
// Stripe charges what the server computed with the contract's price rule, never its own discount
// arithmetic (which has no 5-cent floor and ignores metadata.products): a monthly subscription is billed
// with an inline price of that amount and no Stripe discounts. Stripe therefore does not count the
// redemptions; we do, from our own subscriptions, as the local provider counts its own.
import Stripe from 'stripe';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import {
  CardDeclinedError,
  CouponUsedUpError,
  InvalidCardTokenError,
  PaymentProviderError,
  type PaymentsProvider,
  type ProviderPlan,
} from './payments-provider.js';
import {
  callStripe,
  customerDetails,
  isMissing,
  paymentStatusOf,
  periodEndOf,
  subscriptionStatusOf,
  toProviderCoupon,
  toProviderPlan,
} from './stripe-objects.js';
import { countStripeRedemptions } from './stripe-redemptions.repository.js';
import { type PaymentEvent, verifyStripeWebhook } from './stripe-webhooks.js';

export interface StripeProvider extends PaymentsProvider {
  readonly kind: 'stripe';
  /** Verifies the signature of a webhook call; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string): PaymentEvent;
  /** A SetupIntent for a card to be saved for later charges; its client secret, for the browser. */
  createCardSetup(idempotencyKey: string): Promise<{ clientSecret: string }>;
}

function createStripeClient(config: Config['payments']['stripe']): Stripe {
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
    const price = await callStripe(() => stripe.prices.retrieve(plan.id));
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
      const plan = toProviderPlan(price);
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
    const intent = await callStripe(() =>
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
      const prices = await callStripe(() =>
        stripe.prices.list({ active: true, limit: 100, expand: ['data.product'] }),
      );
      return prices.data.flatMap((price) => {
        const plan = toProviderPlan(price);
        return plan ? [plan] : [];
      });
    },

    findPlan,

    async findCoupon(code) {
      const coupon = await retrieveCoupon(code);
      return coupon && toProviderCoupon(coupon, await ourRedemptions(coupon.id));
    },

    async createCardSetup(idempotencyKey) {
      const intent = await callStripe(() =>
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
      await callStripe(() =>
        stripe.customers.update(input.customerId, customerDetails(input), {
          idempotencyKey: `${input.idempotencyKey}-customer`,
        }),
      );
    },

    async saveCustomer(input) {
      const details = customerDetails(input);
      const key = input.idempotencyKey;
      const customer = await callStripe(() =>
        input.customerId
          ? stripe.customers.update(input.customerId, details, { idempotencyKey: `${key}-customer` })
          : stripe.customers.create(details, { idempotencyKey: `${key}-customer` }),
      );
      let method: Stripe.PaymentMethod;
      try {
        method = await callStripe(() =>
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
      await callStripe(() =>
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
      const subscription = await callStripe(() =>
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
      const current = await callStripe(() => stripe.subscriptions.retrieve(input.subscriptionId));
      const item = current.items.data[0];
      const priceData = await monthlyPriceData(input.plan, input.amount);
      const updated = await callStripe(() =>
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

    async detachCard(input) {
      try {
        await stripe.paymentMethods.detach(
          input.paymentMethodId,
          {},
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        if (isMissing(error)) return;
        throw new PaymentProviderError('stripe: detach failed', { cause: error });
      }
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
      return verifyStripeWebhook(stripe, webhookSecret, rawBody, signature);
    },
  };
}

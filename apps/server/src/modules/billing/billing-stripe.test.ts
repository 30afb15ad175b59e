// Group billing with PAYMENTS_PROVIDER=stripe: the official SDK against a local stand-in of the Stripe
// API. Plans and coupons come from Stripe, every mutating call carries our idempotency key, a decline
// is a clear answer, and the webhook verifies its signature and applies each event once.
import { applyCoupons, endpoints, MSG } from '@bridge-talk/contract';
import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER } from '@bridge-talk/contract/test-data';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import { billingEntity, billingPayload, idempotencyKey } from '../../../test/billing.js';
import { StripeStandIn } from '../../../test/stripe-stand-in.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { billingInformation } from '../../db/schema.js';
import { subscriptions } from '../../db/schema-billing.js';

let t: TestApp;
let standIn: StripeStandIn;
let adminAuth: string;
const webhookSecret = 'whsec_stand_in_secret';
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  standIn = new StripeStandIn();
  await standIn.start();
  t = await createTestApp({ ...standIn.env(), PLAN_EXCLUDED_ID: 'price_hidden' });
  adminAuth = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

/** The card fields of a payload for a Stripe PaymentMethod, as Stripe.js reports it. */
function stripeCard(paymentMethod: string) {
  return {
    creditCardTokenId: paymentMethod,
    cardBrand: 'visa',
    cardLast4: '1111',
    cardExpiryMonth: 12,
    cardExpiryYear: new Date().getFullYear() + 3,
  };
}

async function stripeFamily(paymentMethod = 'pm_card_visa', coupon: string | null = null) {
  const entity = await billingEntity(t, { coupon });
  const saved = await entity.api(endpoints.billing.save, {
    body: billingPayload(stripeCard(paymentMethod)),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...entity, groupId: saved.json()._id };
}

async function subscriptionRow(groupId: string) {
  const rows = await t
    .db()
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      planId: subscriptions.planId,
      amount: subscriptions.amount,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      providerPaymentId: subscriptions.providerPaymentId,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.groupId, groupId))
    .orderBy(subscriptions.createdAt);
  return rows;
}

/** The contract's price of a stand-in plan after stand-in coupons: what the server must charge. */
function contractPrice(priceId: string, codes: string[]): number {
  const plan = standIn.prices.find((p) => p.id === priceId)!;
  return applyCoupons(
    { id: plan.id, unit_amount: plan.unit_amount },
    codes.map((code) => standIn.coupons[code] as never),
  );
}

/** What Stripe charged for a subscription's first month. */
function firstInvoiceAmount(subscriptionId: string): number | undefined {
  const subscription = standIn.subscriptions.get(subscriptionId);
  return standIn.invoices.get(subscription?.latest_invoice as string)?.amount_paid;
}

function webhook(event: object, secret = webhookSecret) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return callLoose(t.app, endpoints.payments.stripeWebhook, {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

function subscriptionEvent(
  id: string,
  subscriptionId: string,
  status: string,
  created: number,
  periodEnd?: number,
) {
  return {
    id,
    object: 'event',
    type: 'customer.subscription.updated',
    created,
    data: {
      object: {
        id: subscriptionId,
        object: 'subscription',
        status,
        items: {
          object: 'list',
          data: [{ id: 'si_x', current_period_end: periodEnd ?? created + 30 * 86_400 }],
        },
      },
    },
  };
}

describe('configuration with Stripe', () => {
  it('gives the browser the publishable key; the dashboard address to admins only', async () => {
    const asAdmin = await call(t.app, endpoints.payments.config, { auth: adminAuth });
    expect(asAdmin.json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_stand_in',
      dashboardUrl: 'https://dashboard.stripe.com/',
    });
    const { api } = await billingEntity(t);
    expect((await api(endpoints.payments.config)).json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_stand_in',
      dashboardUrl: null,
    });
  });

  it('lets Stripe.js load: its hosts are in the content security policy', async () => {
    const csp = (await call(t.app, endpoints.system.health)).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com');
  });

  it('leaves plans and coupons to the Stripe dashboard and has no local card tokeniser', async () => {
    const plans = await call(t.app, endpoints.payments.plans, { auth: adminAuth });
    expect(plans.statusCode).toBe(409);
    expect(plans.error().message).toBe(MSG.payments.managedOnStripe);
    const { api } = await billingEntity(t);
    const token = await api(endpoints.payments.localTokens, {
      body: {
        number: TEST_CARDS.paid.digits,
        expMonth: TEST_CARD_DETAILS.expMonth,
        expYear: TEST_CARD_DETAILS.expYear,
        cvc: TEST_CARD_DETAILS.cvc,
      },
    });
    expect(token.statusCode).toBe(404);
  });
});

describe('plans and coupons from Stripe', () => {
  it('lists the active one-time and monthly prices, never PLAN_EXCLUDED_ID nor other intervals', async () => {
    const { api } = await billingEntity(t);
    const { plans } = (await api(endpoints.billing.plans)).json();
    expect(plans.map((p: { id: string }) => p.id).sort()).toEqual([
      'price_lifetime',
      'price_monthly',
      'price_premium',
    ]);
    expect(plans).toContainEqual({
      id: 'price_lifetime',
      type: 'one_time',
      unit_amount: 19_900,
      active: true,
      nickname: 'Lifetime',
    });
  });

  it("looks a coupon up; a used-up one is named, an otherwise invalid one is 'COUPON NOT VALID!'", async () => {
    const { api } = await billingEntity(t);
    const spring = await api(endpoints.billing.coupon, { params: { code: 'SPRING' } });
    expect(spring.json()).toMatchObject({ id: 'SPRING', name: 'Spring', percent_off: 10 });
    const usedUp = await api(endpoints.billing.coupon, { params: { code: 'USEDUP' } });
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.error().message).toBe(MSG.billing.couponUsedUp('Usedup'));
    for (const code of ['EXPIRED', 'NOPE']) {
      const response = await api(endpoints.billing.coupon, { params: { code } });
      expect(response.statusCode, code).toBe(404);
      expect(response.error().message).toBe('COUPON NOT VALID!');
    }
  });
});

describe('payment details with Stripe', () => {
  it('creates the customer, attaches the card and keeps what Stripe says of it', async () => {
    const { api, groupId } = await stripeFamily('pm_card_mastercard');
    const details = (await api(endpoints.billing.details, { params: { groupId } })).json();
    expect(details.billingInformation).toMatchObject({ cardBrand: 'mastercard', cardLast4: '4444' });
    const customer = [...standIn.customers.values()].find(
      (c) => (c.address as { line1?: string })?.line1 === TEST_PAYER.address,
    );
    expect(customer).toMatchObject({
      email: TEST_PAYER.email,
      name: TEST_PAYER.cardName,
      phone: TEST_PAYER.phoneNumber,
    });
    const attach = standIn.calls('POST', /\/payment_methods\/pm_card_mastercard\/attach$/);
    expect(attach.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a payment method Stripe does not know', async () => {
    const { api } = await billingEntity(t);
    const saved = await api(endpoints.billing.save, { body: billingPayload(stripeCard('pm_unknown')) });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().message).toBe(MSG.billing.cardTokenInvalid);
  });
});

describe('discarding an unfinished family with Stripe', () => {
  it('detaches its PaymentMethod at Stripe before the family goes', async () => {
    const { api, groupId } = await stripeFamily('pm_card_visa');
    const answer = await api(endpoints.billing.discard, { params: { groupId } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(standIn.calls('POST', /\/payment_methods\/pm_card_visa\/detach$/)).toHaveLength(1);
    expect((await api(endpoints.billing.details, { params: { groupId } })).statusCode).toBe(404);
  });
});

describe('subscriptions with Stripe', () => {
  it('charges a one-time plan with a PaymentIntent of the server-computed price', async () => {
    const { assign, groupId } = await stripeFamily();
    const response = await assign(groupId, 'price_lifetime', ['SPRING']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Group created successfully.');
    const [row] = await subscriptionRow(groupId);
    expect(row).toMatchObject({
      status: 'active',
      planId: 'price_lifetime',
      providerPaymentId: expect.stringMatching(/^pi_/),
    });
    const intent = standIn.paymentIntents.get(row!.providerPaymentId!);
    const expected = applyCoupons({ id: 'price_lifetime', unit_amount: 19_900 }, [
      standIn.coupons.SPRING as never,
    ]);
    expect(intent?.amount).toBe(expected);
    expect(expected).toBe(17_910);
  });

  it("bills a monthly subscription at the contract's price: the plan's product at that amount, no Stripe discounts", async () => {
    const { assign, groupId } = await stripeFamily('pm_card_visa', 'TENDOLLARS');
    expect((await assign(groupId, 'price_monthly', ['SPRING'])).statusCode).toBe(200);
    const [row] = await subscriptionRow(groupId);
    expect(row).toMatchObject({ status: 'active', providerSubscriptionId: expect.stringMatching(/^sub_/) });
    expect(row!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    // The entity's coupon first, then the typed one: 19.99 - 10.00 = 9.99, less 10 % = 8.99.
    const expected = contractPrice('price_monthly', ['TENDOLLARS', 'SPRING']);
    expect(expected).toBe(899);
    expect(row!.amount).toBe(expected);
    expect(firstInvoiceAmount(row!.providerSubscriptionId!)).toBe(expected);
    expect(standIn.subscriptions.get(row!.providerSubscriptionId!)?.discounts).toEqual([]);
    const request = standIn.calls('POST', /^\/v1\/subscriptions$/).at(-1)!;
    expect(request.params).toMatchObject({
      'items[0][price_data][product]': 'prod_monthly',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][recurring][interval]': 'month',
      'items[0][price_data][unit_amount]': String(expected),
      payment_behavior: 'error_if_incomplete',
    });
    expect(Object.keys(request.params).filter((key) => key.startsWith('discounts'))).toEqual([]);
    expect(request.params['items[0][price]']).toBeUndefined();
  });

  it('charges the contract price for a monthly plan: the 5-cent floor below which Stripe would go, and a percent coupon', async () => {
    for (const [code, expected] of [
      // 19.99 - 25.00 is below zero: Stripe would charge 0, the contract's rule charges 5 cents.
      ['BIGDEAL', 5],
      ['SPRING', 1_799],
    ] as const) {
      const { assign, groupId } = await stripeFamily();
      expect((await assign(groupId, 'price_monthly', [code])).statusCode, code).toBe(200);
      const [row] = await subscriptionRow(groupId);
      expect(contractPrice('price_monthly', [code]), code).toBe(expected);
      expect(row!.amount, code).toBe(expected);
      expect(firstInvoiceAmount(row!.providerSubscriptionId!), code).toBe(expected);
      expect(standIn.monthlyAmount(standIn.subscriptions.get(row!.providerSubscriptionId!)!), code).toBe(
        expected,
      );
    }
  });

  it('counts our redemptions of a Stripe coupon: the last one is taken once, a declined card takes none', async () => {
    // ONCE allows 2 redemptions and Stripe has counted 1 elsewhere: one is left for us.
    const declined = await stripeFamily('pm_card_chargeDeclinedAfterAttaching');
    expect((await declined.assign(declined.groupId, 'price_monthly', ['ONCE'])).statusCode).toBe(422);
    const stillThere = await declined.api(endpoints.billing.coupon, { params: { code: 'ONCE' } });
    expect(stillThere.statusCode).toBe(200);
    expect(stillThere.json()).toMatchObject({ max_redemptions: 2, times_redeemed: 1 });

    const first = await stripeFamily();
    expect((await first.assign(first.groupId, 'price_monthly', ['ONCE'])).statusCode).toBe(200);
    const usedUp = await first.api(endpoints.billing.coupon, { params: { code: 'ONCE' } });
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.error().message).toBe(MSG.billing.couponUsedUp('Once'));

    const second = await stripeFamily();
    const refused = await second.assign(second.groupId, 'price_monthly', ['ONCE']);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MSG.billing.couponUsedUp('Once'));
    expect(await subscriptionRow(second.groupId)).toEqual([]);
  });

  it('never serves two families racing for the last redemption of a coupon', async () => {
    const a = await stripeFamily();
    const b = await stripeFamily();
    const answers = await Promise.all([
      a.assign(a.groupId, 'price_monthly', ['LAST']),
      b.assign(b.groupId, 'price_monthly', ['LAST']),
    ]);
    const served = answers.filter((answer) => answer.statusCode === 200);
    expect(served.length).toBeLessThanOrEqual(1);
    for (const answer of answers.filter((x) => x.statusCode !== 200)) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe(MSG.billing.couponUsedUp('Last'));
    }
  });

  it("hands the browser a SetupIntent's client secret, so the card is checked before it is saved", async () => {
    const entity = await billingEntity(t);
    const setup = await entity.api(endpoints.payments.stripeCardSetup);
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json()).toEqual({ clientSecret: expect.stringMatching(/^seti_\w+_secret_/) });
    const [created] = standIn.calls('POST', /^\/v1\/setup_intents$/).slice(-1);
    expect(created?.params).toMatchObject({
      usage: 'off_session',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
    expect(created?.idempotencyKey).toMatch(/^card-setup-/);
  });

  it('refuses a card that Stripe declines when it is attached: no family, a clear message', async () => {
    const entity = await billingEntity(t);
    const groupsBefore = (await entity.api(endpoints.families.list)).json().total;
    const refused = await entity.api(endpoints.billing.save, {
      body: billingPayload(stripeCard('pm_card_chargeDeclined')),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MSG.billing.cardDeclined);
    expect((await entity.api(endpoints.families.list)).json().total).toBe(groupsBefore);
  });

  it('updates the contact details at Stripe and keeps the card when no new card is sent', async () => {
    const { api, groupId } = await stripeFamily('pm_card_mastercard');
    // The details alone: no card.
    const details = billingPayload({});
    const attachesBefore = standIn.calls('POST', /\/attach$/).length;
    const updated = await api(endpoints.billing.update, {
      params: { groupId },
      body: {
        ...details,
        cardName: 'Pat New Payer',
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(standIn.calls('POST', /\/attach$/)).toHaveLength(attachesBefore);
    expect([...standIn.customers.values()].some((c) => c.name === 'Pat New Payer')).toBe(true);
    const after = (await api(endpoints.billing.details, { params: { groupId } })).json();
    expect(after.billingInformation).toMatchObject({ cardName: 'Pat New Payer', cardLast4: '4444' });
  });

  it('answers a card declined at its charge with a clear message and keeps no subscription', async () => {
    const { assign, groupId } = await stripeFamily('pm_card_chargeDeclinedAfterAttaching');
    const declined = await assign(groupId, 'price_lifetime');
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toBe(MSG.billing.cardDeclined);
    expect((await subscriptionRow(groupId)).map((r) => r.status)).toEqual(['failed']);
  });

  it("answers 'Group already has a subscription.' to a second subscription, and charges nothing more", async () => {
    const { assign, groupId } = await stripeFamily();
    expect((await assign(groupId, 'price_monthly')).statusCode).toBe(200);
    const created = standIn.subscriptions.size;
    const second = await assign(groupId, 'price_premium');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MSG.wizard.groupHasSubscription);
    expect(standIn.subscriptions.size).toBe(created);
    expect((await subscriptionRow(groupId)).map((r) => r.planId)).toEqual(['price_monthly']);
  });

  it("refuses a coupon Stripe reports used up with 'Coupon … is used up and cannot be applied.'", async () => {
    const { assign, groupId } = await stripeFamily();
    const refused = await assign(groupId, 'price_lifetime', ['USEDUP']);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MSG.billing.couponUsedUp('Usedup'));
    expect(await subscriptionRow(groupId)).toEqual([]);
  });

  it('charges once for a double submit, with or without an Idempotency-Key', async () => {
    const keyed = await stripeFamily();
    const headers = { 'idempotency-key': idempotencyKey() };
    const before = standIn.paymentIntents.size;
    const first = await keyed.assign(keyed.groupId, 'price_lifetime', [], headers);
    const second = await keyed.assign(keyed.groupId, 'price_lifetime', [], headers);
    expect(second.json()).toEqual(first.json());
    const racing = await stripeFamily();
    const answers = await Promise.all([
      racing.assign(racing.groupId, 'price_lifetime'),
      racing.assign(racing.groupId, 'price_lifetime'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(standIn.paymentIntents.size - before).toBe(2);
  });

  it('sends our own idempotency key with every mutating call to Stripe', async () => {
    const posts = standIn.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(5);
    for (const post of posts) {
      expect(post.idempotencyKey, post.path).toMatch(/^(billing|sub|change|cancel|card-setup|discard)-/);
    }
  });

  it('changes a monthly plan in place at the contract price, and ends it for a one-time plan', async () => {
    const { api, assign, groupId } = await stripeFamily();
    await assign(groupId, 'price_monthly');
    const [monthly] = await subscriptionRow(groupId);
    const subscriptionId = monthly!.providerSubscriptionId!;
    // A discount Stripe applies on its own (set in the dashboard, say) is removed by the change.
    standIn.subscriptions.get(subscriptionId)!.discounts = ['TENDOLLARS'];
    const changed = await api(endpoints.billing.changeSubscription, {
      body: {
        groupId,
        priceId: 'price_premium',
        coupons: ['SPRING'],
      },
    });
    expect(changed.json()).toEqual({ _id: groupId, message: 'Subscription update!' });
    const update = standIn.calls('POST', new RegExp(`/v1/subscriptions/${subscriptionId}$`)).at(-1)!;
    // SPRING lists only Lifetime and Monthly in metadata.products: it takes nothing off Premium (Stripe,
    // given it as a discount, would have taken 10 % off).
    const expected = contractPrice('price_premium', ['SPRING']);
    expect(expected).toBe(2_999);
    expect(update.params).toMatchObject({
      'items[0][price_data][product]': 'prod_premium',
      'items[0][price_data][unit_amount]': String(expected),
      'items[0][price_data][recurring][interval]': 'month',
      discounts: '',
      proration_behavior: 'none',
    });
    expect(update.params['items[0][id]']).toMatch(/^si_/);
    expect(standIn.monthlyAmount(standIn.subscriptions.get(subscriptionId)!)).toBe(expected);
    expect((await subscriptionRow(groupId))[0]).toMatchObject({ planId: 'price_premium', amount: expected });
    const toLifetime = await api(endpoints.billing.changeSubscription, {
      body: {
        groupId,
        priceId: 'price_lifetime',
        coupons: [],
      },
    });
    expect(toLifetime.statusCode).toBe(200);
    expect(standIn.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect((await subscriptionRow(groupId)).map((r) => [r.status, r.planId])).toEqual([
      ['canceled', 'price_premium'],
      ['active', 'price_lifetime'],
    ]);
  });

  it('never lists the prices made for subscriptions among the plans', async () => {
    const { api } = await billingEntity(t);
    const { plans } = (await api(endpoints.billing.plans)).json();
    expect(plans.map((p: { id: string }) => p.id).sort()).toEqual([
      'price_lifetime',
      'price_monthly',
      'price_premium',
    ]);
  });
});

describe('update billing with Stripe', () => {
  it("updates the customer, attaches the new card as its default and answers 'Billing update!'", async () => {
    const { api, assign, groupId } = await stripeFamily('pm_card_visa');
    expect((await assign(groupId, 'price_monthly')).statusCode).toBe(200);
    const [before] = await t
      .db()
      .select({ customerId: billingInformation.providerCustomerId })
      .from(billingInformation)
      .where(eq(billingInformation.groupId, groupId));
    const customerId = before!.customerId;
    const updated = await api(endpoints.billing.update, {
      params: { groupId },
      body: billingPayload(stripeCard('pm_card_mastercard'), {
        email: 'new.payer@test.local',
        address: '2 Oak Avenue',
        zip: '10001',
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ _id: groupId, message: MSG.billing.billingUpdated });
    // The same customer, updated; no second customer for the family.
    expect(standIn.customers.get(customerId)).toMatchObject({
      email: 'new.payer@test.local',
      address: { line1: '2 Oak Avenue', postal_code: '10001' },
      invoice_settings: { default_payment_method: 'pm_card_mastercard' },
    });
    const attach = standIn.calls('POST', /\/payment_methods\/pm_card_mastercard\/attach$/).at(-1)!;
    expect(attach.params.customer).toBe(customerId);
    const [after] = await t
      .db()
      .select({
        customerId: billingInformation.providerCustomerId,
        paymentMethodId: billingInformation.providerPaymentMethodId,
      })
      .from(billingInformation)
      .where(eq(billingInformation.groupId, groupId));
    expect(after).toEqual({ customerId, paymentMethodId: 'pm_card_mastercard' });
    const details = (await api(endpoints.billing.details, { params: { groupId } })).json();
    expect(details.billingInformation).toMatchObject({
      cardBrand: 'mastercard',
      cardLast4: '4444',
      email: 'new.payer@test.local',
    });
  });

  it('refuses to change the billing of a one-time family, and Stripe is not called', async () => {
    const { api, assign, groupId } = await stripeFamily('pm_card_visa');
    expect((await assign(groupId, 'price_lifetime')).statusCode).toBe(200);
    const before = standIn.requests.length;
    const refused = await api(endpoints.billing.update, {
      params: { groupId },
      body: billingPayload(stripeCard('pm_card_mastercard')),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MSG.extra.oneTimeBillingCannotChange);
    expect(standIn.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('the Stripe webhook', () => {
  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const { assign, groupId } = await stripeFamily();
    await assign(groupId, 'price_monthly');
    const [row] = await subscriptionRow(groupId);
    const event = subscriptionEvent(
      'evt_bad_signature',
      row!.providerSubscriptionId!,
      'canceled',
      Math.floor(Date.now() / 1000),
    );
    const forged = await webhook(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid signature.' });
    const unsigned = await callLoose(t.app, endpoints.payments.stripeWebhook, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await subscriptionRow(groupId))[0]?.status).toBe('active');
    // The same event, rightly signed, was never recorded as processed: it applies now.
    expect((await webhook(event)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await subscriptionRow(groupId))[0]?.status).toBe('canceled');
  });

  it('applies each event once: a replay or an older event arriving late changes nothing', async () => {
    const { assign, groupId } = await stripeFamily();
    await assign(groupId, 'price_monthly');
    const [row] = await subscriptionRow(groupId);
    const sub = row!.providerSubscriptionId!;
    const now = Math.floor(Date.now() / 1000);
    const pastDue = subscriptionEvent('evt_past_due', sub, 'past_due', now);
    expect((await webhook(pastDue)).json().outcome).toBe('applied');
    expect((await subscriptionRow(groupId))[0]?.status).toBe('past_due');
    const paid = {
      id: 'evt_invoice_paid',
      object: 'event',
      type: 'invoice.paid',
      created: now + 10,
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          parent: { type: 'subscription_details', subscription_details: { subscription: sub } },
          lines: { object: 'list', data: [{ period: { start: now, end: now + 40 * 86_400 } }] },
        },
      },
    };
    expect((await webhook(paid)).json().outcome).toBe('applied');
    const afterPaid = (await subscriptionRow(groupId))[0];
    expect(afterPaid?.status).toBe('active');
    expect(afterPaid?.currentPeriodEnd?.getTime()).toBe((now + 40 * 86_400) * 1000);
    // The past-due event again: already applied, so it changes nothing twice.
    expect((await webhook(pastDue)).json().outcome).toBe('duplicate');
    // A past-due event created before the payment arrives late: out of order, it changes nothing.
    await webhook(subscriptionEvent('evt_late', sub, 'past_due', now + 5));
    expect((await subscriptionRow(groupId))[0]).toMatchObject({
      status: 'active',
      currentPeriodEnd: afterPaid?.currentPeriodEnd,
    });
  });

  it('ignores events it does not follow, and answers 200 to them', async () => {
    const response = await webhook({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

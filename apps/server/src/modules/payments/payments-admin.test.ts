// The local provider's plan and coupon administration (admins), and the provider configuration the
// browser reads.
import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, call, testClient } from '../../../test/api-client.js';
import { billingEntity } from '../../../test/billing.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let adminApi: Client;
beforeAll(async () => {
  t = await createTestApp();
  adminApi = testClient(t.app, { auth: await signIn(t.app, { ...TEST_ADMIN, role: 'admin' }) });
});
afterAll(() => t.close());

describe('payment configuration', () => {
  it('tells both roles the provider is local, with no Stripe key or dashboard', async () => {
    expect((await adminApi(endpoints.payments.config)).json()).toEqual({
      provider: 'local',
      publishableKey: null,
      dashboardUrl: null,
    });
  });

  it('serves no Stripe host in the content security policy', async () => {
    const response = await call(t.app, endpoints.system.health);
    expect(response.headers['content-security-policy']).not.toContain('stripe');
  });
});

describe('plans', () => {
  it('lists the two seeded plans of a fresh database', async () => {
    const { plans } = (await adminApi(endpoints.payments.plans)).json();
    expect(plans).toEqual([
      expect.objectContaining({ name: 'Lifetime', type: 'one_time', unit_amount: 19_900, active: true }),
      expect.objectContaining({ name: 'Monthly', type: 'recurring', unit_amount: 1_999, active: true }),
    ]);
  });

  it('creates a plan that entities are offered at once, and archives it', async () => {
    const created = await adminApi(endpoints.payments.createPlan, {
      body: {
        name: 'Family Plus',
        type: 'recurring',
        unit_amount: 2_999,
      },
    });
    expect(created.statusCode).toBe(200);
    const plan = created.json();
    expect(plan).toEqual({
      id: expect.stringMatching(/^price_/),
      name: 'Family Plus',
      type: 'recurring',
      unit_amount: 2_999,
      active: true,
      createdAt: expect.any(String),
    });
    const { api } = await billingEntity(t);
    const offered = async () =>
      (await api(endpoints.billing.plans)).json().plans.map((p: { id: string }) => p.id);
    expect(await offered()).toContain(plan.id);
    const archived = await adminApi(endpoints.payments.planArchive, { params: { id: plan.id } });
    expect(archived.json()).toMatchObject({ id: plan.id, active: false });
    expect(await offered()).not.toContain(plan.id);
    const listed = (await adminApi(endpoints.payments.plans)).json().plans;
    expect(listed).toContainEqual(expect.objectContaining({ id: plan.id, active: false }));
    // Restored, it is offered again.
    const restored = await adminApi(endpoints.payments.planRestore, { params: { id: plan.id } });
    expect(restored.json()).toMatchObject({ id: plan.id, active: true });
    expect(await offered()).toContain(plan.id);
    expect(
      (await adminApi(endpoints.payments.planRestore, { params: { id: 'price_unknown' } })).statusCode,
    ).toBe(404);
  });

  it('validates name and price, and answers 404 for an unknown plan', async () => {
    const short = await adminApi(endpoints.payments.createPlan, {
      body: {
        name: 'ab',
        type: 'one_time',
        unit_amount: 1_000,
      },
    });
    expect(short.statusCode).toBe(400);
    expect(short.error().fields.name).toBe(MSG.payments.planNameMin);
    const cheap = await adminApi(endpoints.payments.createPlan, {
      body: {
        name: 'Cheap',
        type: 'one_time',
        unit_amount: 49,
      },
    });
    expect(cheap.error().fields.unit_amount).toBe(MSG.payments.planPriceMin);
    const huge = await adminApi(endpoints.payments.createPlan, {
      body: {
        name: 'Huge',
        type: 'one_time',
        unit_amount: 100_000_000,
      },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.error().fields.unit_amount).toBe(MSG.payments.planPriceMax('999,999.99'));
    const weekly = await adminApi.loose(endpoints.payments.createPlan, {
      body: {
        name: 'Weekly',
        type: 'weekly',
        unit_amount: 1_000,
      },
    });
    expect(weekly.statusCode).toBe(400);
    expect(
      (await adminApi(endpoints.payments.planArchive, { params: { id: 'price_unknown' } })).statusCode,
    ).toBe(404);
  });
});

describe('coupons', () => {
  it('creates a 10 % coupon for a plan; its times redeemed counts real subscriptions', async () => {
    const plan = (
      await adminApi(endpoints.payments.createPlan, {
        body: {
          name: 'Coupon Plan',
          type: 'one_time',
          unit_amount: 10_000,
        },
      })
    ).json();
    const created = await adminApi(endpoints.payments.createCoupon, {
      body: {
        id: 'TENOFF',
        name: 'Ten percent',
        percent_off: 10,
        amount_off: null,
        max_redemptions: 3,
        products: [plan.id],
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      id: 'TENOFF',
      name: 'Ten percent',
      percent_off: 10,
      amount_off: null,
      max_redemptions: 3,
      times_redeemed: 0,
      metadata: { products: plan.id },
      archived: false,
      createdAt: expect.any(String),
    });
    const entity = await billingEntity(t);
    const groupId = await entity.groupWithCard();
    expect((await entity.assign(groupId, plan.id, ['tenoff'])).statusCode).toBe(200);
    const { coupons } = (await adminApi(endpoints.payments.coupons)).json();
    expect(coupons).toContainEqual(expect.objectContaining({ id: 'TENOFF', times_redeemed: 1 }));
  });

  it('refuses a code in use (any case), an unknown plan, and a coupon with both or neither discount', async () => {
    const plans = (await adminApi(endpoints.payments.plans)).json().plans;
    const base = {
      name: 'Dup',
      percent_off: 5,
      amount_off: null,
      max_redemptions: null,
      products: [plans[0]!.id],
    };
    expect(
      (await adminApi(endpoints.payments.createCoupon, { body: { ...base, id: 'DUPLICATE' } })).statusCode,
    ).toBe(200);
    const duplicate = await adminApi(endpoints.payments.createCoupon, { body: { ...base, id: 'duplicate' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: MSG.payments.couponCodeInUse,
      fields: { id: MSG.payments.couponCodeInUse },
    });
    const unknownPlan = await adminApi(endpoints.payments.createCoupon, {
      body: {
        ...base,
        id: 'NOPLAN',
        products: ['price_nope'],
      },
    });
    expect(unknownPlan.statusCode).toBe(422);
    expect(unknownPlan.error().message).toBe(MSG.payments.unknownPlan);
    const both = await adminApi(endpoints.payments.createCoupon, {
      body: { ...base, id: 'BOTH', amount_off: 100 },
    });
    expect(both.statusCode).toBe(400);
    const neither = await adminApi(endpoints.payments.createCoupon, {
      body: {
        ...base,
        id: 'NEITHER',
        percent_off: null,
      },
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.error().fields.percent_off).toBe(MSG.payments.couponPercentInvalid);
    const badCode = await adminApi(endpoints.payments.createCoupon, { body: { ...base, id: 'a b' } });
    expect(badCode.error().fields.id).toBe(MSG.payments.couponCodeInvalid);
    const noPlans = await adminApi(endpoints.payments.createCoupon, {
      body: { ...base, id: 'NOPLANS', products: [] },
    });
    expect(noPlans.error().fields.products).toBe(MSG.payments.couponPlansRequired);
  });

  it('archives a coupon: its code stops working at once, for look-ups and for payments', async () => {
    const plan = (
      await adminApi(endpoints.payments.createPlan, {
        body: { name: 'Arch', type: 'one_time', unit_amount: 5_000 },
      })
    ).json();
    const coupon = await adminApi(endpoints.payments.createCoupon, {
      body: {
        id: 'LEAKED',
        name: 'Leaked',
        percent_off: 50,
        amount_off: null,
        max_redemptions: null,
        products: [plan.id],
      },
    });
    expect(coupon.statusCode).toBe(200);
    const { api, groupWithCard, assign } = await billingEntity(t);
    expect((await api(endpoints.billing.coupon, { params: { code: 'leaked' } })).statusCode).toBe(200);
    const archived = await adminApi(endpoints.payments.couponArchive, { params: { id: 'LEAKED' } });
    expect(archived.json()).toMatchObject({ id: 'LEAKED', archived: true });
    const lookUp = await api(endpoints.billing.coupon, { params: { code: 'leaked' } });
    expect(lookUp.statusCode).toBe(404);
    expect(lookUp.error().message).toBe(MSG.billing.couponNotValid);
    const paid = await assign(await groupWithCard(), plan.id, ['LEAKED']);
    expect(paid.statusCode).toBe(422);
    expect(paid.json().message).toBe(MSG.billing.couponNotValid);
    expect((await adminApi(endpoints.payments.coupons)).json().coupons).toContainEqual(
      expect.objectContaining({ id: 'LEAKED', archived: true }),
    );
    expect((await adminApi(endpoints.payments.couponArchive, { params: { id: 'NOPE' } })).statusCode).toBe(
      404,
    );
  });

  it("edits a coupon's name and limit, never its discount, and not under the redemptions made", async () => {
    const plan = (
      await adminApi(endpoints.payments.createPlan, {
        body: { name: 'Edit', type: 'one_time', unit_amount: 5_000 },
      })
    ).json();
    await adminApi(endpoints.payments.createCoupon, {
      body: {
        id: 'RENAME',
        name: 'Old name',
        percent_off: 10,
        amount_off: null,
        max_redemptions: 5,
        products: [plan.id],
      },
    });
    const { api, groupWithCard, assign } = await billingEntity(t);
    expect((await assign(await groupWithCard(), plan.id, ['RENAME'])).statusCode).toBe(200);
    const edited = await adminApi(endpoints.payments.editCoupon, {
      params: { id: 'RENAME' },
      body: {
        name: 'New name',
        max_redemptions: 3,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'New name',
      max_redemptions: 3,
      percent_off: 10,
      times_redeemed: 1,
    });
    expect((await api(endpoints.billing.coupon, { params: { code: 'RENAME' } })).json().name).toBe(
      'New name',
    );
    const other = await billingEntity(t);
    expect((await other.assign(await other.groupWithCard(), plan.id, ['RENAME'])).statusCode).toBe(200);
    const below = await adminApi(endpoints.payments.editCoupon, {
      params: { id: 'RENAME' },
      body: {
        name: 'New name',
        max_redemptions: 1,
      },
    });
    expect(below.statusCode).toBe(422);
    expect(below.error().fields.max_redemptions).toBe(MSG.payments.couponLimitBelowRedeemed(2));
    // A discount sent along is not a field of the edit: it changes nothing.
    await adminApi.loose(endpoints.payments.editCoupon, {
      params: { id: 'RENAME' },
      body: {
        name: 'New name',
        max_redemptions: null,
        percent_off: 90,
      },
    });
    expect((await api(endpoints.billing.coupon, { params: { code: 'RENAME' } })).json().percent_off).toBe(10);
    expect(
      (
        await adminApi(endpoints.payments.editCoupon, {
          params: { id: 'NOPE' },
          body: { name: 'x', max_redemptions: null },
        })
      ).statusCode,
    ).toBe(404);
    // A limit beyond the form's 9 digits is refused by its message, never a database overflow (500).
    const huge = await adminApi(endpoints.payments.editCoupon, {
      params: { id: 'RENAME' },
      body: { name: 'x', max_redemptions: 1e12 },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.error().message).toBe(MSG.payments.couponMaxRedemptionsInvalid);
  });
});

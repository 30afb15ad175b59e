// The local provider's plan and coupon administration (admins), and the provider configuration the
// browser reads.
import { MSG } from '@bridge-talk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntity } from '../../test-support/billing.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let admin: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<LightMyRequestResponse>;
beforeAll(async () => {
  t = await createTestApp();
  const { authorization } = await signIn(t.app, { ...TEST_ADMIN, role: 'admin' });
  admin = (method, url, payload) => t.app.inject({ method, url, payload, headers: { authorization } });
});
afterAll(() => t.close());

describe('payment configuration', () => {
  it('tells both roles the provider is local, with no Stripe key or dashboard', async () => {
    expect((await admin('GET', '/api/payments/config')).json()).toEqual({
      provider: 'local',
      publishableKey: null,
      dashboardUrl: null,
    });
  });

  it('serves no Stripe host in the content security policy', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).not.toContain('stripe');
  });
});

describe('plans', () => {
  it('lists the two seeded plans of a fresh database', async () => {
    const { plans } = (await admin('GET', '/api/payments/plans')).json();
    expect(plans).toEqual([
      expect.objectContaining({ name: 'Lifetime', type: 'one_time', unit_amount: 19_900, active: true }),
      expect.objectContaining({ name: 'Monthly', type: 'recurring', unit_amount: 1_999, active: true }),
    ]);
  });

  it('creates a plan that entities are offered at once, and archives it', async () => {
    const created = await admin('POST', '/api/payments/plans', {
      name: 'Family Plus',
      type: 'recurring',
      unit_amount: 2_999,
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
    const { call } = await billingEntity(t);
    const offered = async () =>
      (await call('GET', '/api/group/billing/plans/list')).json().plans.map((p: { id: string }) => p.id);
    expect(await offered()).toContain(plan.id);
    const archived = await admin('POST', `/api/payments/plans/${plan.id}/archive`);
    expect(archived.json()).toMatchObject({ id: plan.id, active: false });
    expect(await offered()).not.toContain(plan.id);
    const listed = (await admin('GET', '/api/payments/plans')).json().plans;
    expect(listed).toContainEqual(expect.objectContaining({ id: plan.id, active: false }));
    // Restored, it is offered again.
    const restored = await admin('POST', `/api/payments/plans/${plan.id}/restore`);
    expect(restored.json()).toMatchObject({ id: plan.id, active: true });
    expect(await offered()).toContain(plan.id);
    expect((await admin('POST', '/api/payments/plans/price_unknown/restore')).statusCode).toBe(404);
  });

  it('validates name and price, and answers 404 for an unknown plan', async () => {
    const short = await admin('POST', '/api/payments/plans', {
      name: 'ab',
      type: 'one_time',
      unit_amount: 1_000,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.name).toBe(MSG.payments.planNameMin);
    const cheap = await admin('POST', '/api/payments/plans', {
      name: 'Cheap',
      type: 'one_time',
      unit_amount: 49,
    });
    expect(cheap.json().fields.unit_amount).toBe(MSG.payments.planPriceMin);
    const huge = await admin('POST', '/api/payments/plans', {
      name: 'Huge',
      type: 'one_time',
      unit_amount: 100_000_000,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields.unit_amount).toBe(MSG.payments.planPriceMax('999,999.99'));
    const weekly = await admin('POST', '/api/payments/plans', {
      name: 'Weekly',
      type: 'weekly',
      unit_amount: 1_000,
    });
    expect(weekly.statusCode).toBe(400);
    expect((await admin('POST', '/api/payments/plans/price_unknown/archive')).statusCode).toBe(404);
  });
});

describe('coupons', () => {
  it('creates a 10 % coupon for a plan; its times redeemed counts real subscriptions', async () => {
    const plan = (
      await admin('POST', '/api/payments/plans', {
        name: 'Coupon Plan',
        type: 'one_time',
        unit_amount: 10_000,
      })
    ).json();
    const created = await admin('POST', '/api/payments/coupons', {
      id: 'TENOFF',
      name: 'Ten percent',
      percent_off: 10,
      amount_off: null,
      max_redemptions: 3,
      products: [plan.id],
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
    const { coupons } = (await admin('GET', '/api/payments/coupons')).json();
    expect(coupons).toContainEqual(expect.objectContaining({ id: 'TENOFF', times_redeemed: 1 }));
  });

  it('refuses a code in use (any case), an unknown plan, and a coupon with both or neither discount', async () => {
    const plans = (await admin('GET', '/api/payments/plans')).json().plans;
    const base = {
      name: 'Dup',
      percent_off: 5,
      amount_off: null,
      max_redemptions: null,
      products: [plans[0].id],
    };
    expect((await admin('POST', '/api/payments/coupons', { ...base, id: 'DUPLICATE' })).statusCode).toBe(200);
    const duplicate = await admin('POST', '/api/payments/coupons', { ...base, id: 'duplicate' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: MSG.payments.couponCodeInUse,
      fields: { id: MSG.payments.couponCodeInUse },
    });
    const unknownPlan = await admin('POST', '/api/payments/coupons', {
      ...base,
      id: 'NOPLAN',
      products: ['price_nope'],
    });
    expect(unknownPlan.statusCode).toBe(422);
    expect(unknownPlan.json().message).toBe(MSG.payments.unknownPlan);
    const both = await admin('POST', '/api/payments/coupons', { ...base, id: 'BOTH', amount_off: 100 });
    expect(both.statusCode).toBe(400);
    const neither = await admin('POST', '/api/payments/coupons', {
      ...base,
      id: 'NEITHER',
      percent_off: null,
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fields.percent_off).toBe(MSG.payments.couponPercentInvalid);
    const badCode = await admin('POST', '/api/payments/coupons', { ...base, id: 'a b' });
    expect(badCode.json().fields.id).toBe(MSG.payments.couponCodeInvalid);
    const noPlans = await admin('POST', '/api/payments/coupons', { ...base, id: 'NOPLANS', products: [] });
    expect(noPlans.json().fields.products).toBe(MSG.payments.couponPlansRequired);
  });

  it('archives a coupon: its code stops working at once, for look-ups and for payments', async () => {
    const plan = (
      await admin('POST', '/api/payments/plans', { name: 'Arch', type: 'one_time', unit_amount: 5_000 })
    ).json();
    const coupon = await admin('POST', '/api/payments/coupons', {
      id: 'LEAKED',
      name: 'Leaked',
      percent_off: 50,
      amount_off: null,
      max_redemptions: null,
      products: [plan.id],
    });
    expect(coupon.statusCode).toBe(200);
    const { call, groupWithCard, assign } = await billingEntity(t);
    expect((await call('GET', '/api/group/billing/coupon/leaked')).statusCode).toBe(200);
    const archived = await admin('POST', '/api/payments/coupons/LEAKED/archive');
    expect(archived.json()).toMatchObject({ id: 'LEAKED', archived: true });
    const lookUp = await call('GET', '/api/group/billing/coupon/leaked');
    expect(lookUp.statusCode).toBe(404);
    expect(lookUp.json().message).toBe(MSG.billing.couponNotValid);
    const paid = await assign(await groupWithCard(), plan.id, ['LEAKED']);
    expect(paid.statusCode).toBe(422);
    expect(paid.json().message).toBe(MSG.billing.couponNotValid);
    expect((await admin('GET', '/api/payments/coupons')).json().coupons).toContainEqual(
      expect.objectContaining({ id: 'LEAKED', archived: true }),
    );
    expect((await admin('POST', '/api/payments/coupons/NOPE/archive')).statusCode).toBe(404);
  });

  it("edits a coupon's name and limit, never its discount, and not under the redemptions made", async () => {
    const plan = (
      await admin('POST', '/api/payments/plans', { name: 'Edit', type: 'one_time', unit_amount: 5_000 })
    ).json();
    await admin('POST', '/api/payments/coupons', {
      id: 'RENAME',
      name: 'Old name',
      percent_off: 10,
      amount_off: null,
      max_redemptions: 5,
      products: [plan.id],
    });
    const { call, groupWithCard, assign } = await billingEntity(t);
    expect((await assign(await groupWithCard(), plan.id, ['RENAME'])).statusCode).toBe(200);
    const edited = await admin('PUT', '/api/payments/coupons/RENAME', {
      name: 'New name',
      max_redemptions: 3,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'New name',
      max_redemptions: 3,
      percent_off: 10,
      times_redeemed: 1,
    });
    expect((await call('GET', '/api/group/billing/coupon/RENAME')).json().name).toBe('New name');
    const other = await billingEntity(t);
    expect((await other.assign(await other.groupWithCard(), plan.id, ['RENAME'])).statusCode).toBe(200);
    const below = await admin('PUT', '/api/payments/coupons/RENAME', {
      name: 'New name',
      max_redemptions: 1,
    });
    expect(below.statusCode).toBe(422);
    expect(below.json().fields.max_redemptions).toBe(MSG.payments.couponLimitBelowRedeemed(2));
    // A discount sent along is not a field of the edit: it changes nothing.
    await admin('PUT', '/api/payments/coupons/RENAME', {
      name: 'New name',
      max_redemptions: null,
      percent_off: 90,
    });
    expect((await call('GET', '/api/group/billing/coupon/RENAME')).json().percent_off).toBe(10);
    expect(
      (await admin('PUT', '/api/payments/coupons/NOPE', { name: 'x', max_redemptions: null })).statusCode,
    ).toBe(404);
    // A limit beyond the form's 9 digits is refused by its message, never a database overflow (500).
    const huge = await admin('PUT', '/api/payments/coupons/RENAME', { name: 'x', max_redemptions: 1e12 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(MSG.payments.couponMaxRedemptionsInvalid);
  });
});

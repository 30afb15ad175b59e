// Who may call each billing and payments route: anonymous callers get 401, the other role 403, and an
// entity that names another entity's group 404 — and nothing of that group changes.
import { type Endpoint, endpoints } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, callLoose, urlOf } from '../../../test/api-client.js';
import { billingEntity, billingPayload, createPlan } from '../../../test/billing.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { billingInformation, groups } from '../../db/schema.js';
import { subscriptions } from '../../db/schema-billing.js';

let t: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof billingEntity>>;
let stranger: Awaited<ReturnType<typeof billingEntity>>;
let groupId: string;
let planId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
  owner = await billingEntity(t);
  stranger = await billingEntity(t);
  groupId = await owner.groupWithCard();
  planId = (await createPlan(t.db(), { type: 'recurring' })).id;
});
afterAll(() => t.close());

const G = '00000000-0000-4000-8000-000000000000';
/** A row of the tables below: the title's method and address, then the endpoint and its params. */
const row = (endpoint: Endpoint, params?: Record<string, string>) =>
  [endpoint.method, urlOf(endpoint, params), endpoint, params] as const;
const ENTITY_ONLY = [
  row(endpoints.billing.save),
  row(endpoints.billing.update, { groupId: G }),
  row(endpoints.billing.assignSubscription),
  row(endpoints.billing.changeSubscription),
  row(endpoints.billing.details, { groupId: G }),
  row(endpoints.billing.discard, { groupId: G }),
  row(endpoints.payments.localTokens),
];
const ADMIN_ONLY = [
  row(endpoints.payments.plans),
  row(endpoints.payments.createPlan),
  row(endpoints.payments.planArchive, { id: 'price_x' }),
  row(endpoints.payments.planRestore, { id: 'price_x' }),
  row(endpoints.payments.coupons),
  row(endpoints.payments.createCoupon),
  row(endpoints.payments.editCoupon, { id: 'SPRING' }),
  row(endpoints.payments.couponArchive, { id: 'SPRING' }),
];
const BOTH = [
  row(endpoints.billing.plans),
  row(endpoints.billing.coupon, { code: 'SPRING' }),
  row(endpoints.payments.config),
];

function send(endpoint: Endpoint, params: Record<string, string> | undefined, auth?: Auth) {
  return callLoose(t.app, endpoint, { params, auth, ...(endpoint.method === 'GET' ? {} : { body: {} }) });
}

describe('billing permissions', () => {
  it.each([...ENTITY_ONLY, ...ADMIN_ONLY, ...BOTH])(
    '%s %s answers 401 without a session',
    async (_method, _url, endpoint, params) => {
      expect((await send(endpoint, params)).statusCode).toBe(401);
    },
  );

  it.each(ENTITY_ONLY)('%s %s answers 403 to an admin', async (_method, _url, endpoint, params) => {
    expect((await send(endpoint, params, admin)).statusCode).toBe(403);
  });

  it.each(ADMIN_ONLY)('%s %s answers 403 to an entity', async (_method, _url, endpoint, params) => {
    expect((await send(endpoint, params, owner.session.authorization)).statusCode).toBe(403);
  });

  it.each(BOTH)('%s %s admits both roles', async (_method, _url, endpoint, params) => {
    for (const auth of [admin, owner.session.authorization]) {
      expect([200, 404]).toContain((await send(endpoint, params, auth)).statusCode);
    }
  });

  it("answers 404 to every call that names another entity's group, and changes nothing", async () => {
    const before = await t
      .db()
      .select()
      .from(billingInformation)
      .where(eq(billingInformation.groupId, groupId));
    const token = await stranger.tokenFor();
    const answers = await Promise.all([
      stranger.api(endpoints.billing.save, { body: billingPayload(token, { groupId }) }),
      stranger.api(endpoints.billing.update, { params: { groupId }, body: billingPayload(token) }),
      stranger.api(endpoints.billing.assignSubscription, {
        body: {
          groupId,
          priceId: planId,
          coupons: [],
          name: 'Eve Intruder',
        },
      }),
      stranger.api(endpoints.billing.changeSubscription, {
        body: {
          groupId,
          priceId: planId,
          coupons: [],
        },
      }),
      stranger.api(endpoints.billing.details, { params: { groupId } }),
      stranger.api(endpoints.billing.discard, { params: { groupId } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(
      await t.db().select().from(billingInformation).where(eq(billingInformation.groupId, groupId)),
    ).toEqual(before);
    expect(await t.db().select().from(subscriptions).where(eq(subscriptions.groupId, groupId))).toEqual([]);
    const [group] = await t.db().select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
    expect(group?.name).toBeNull();
  });
});

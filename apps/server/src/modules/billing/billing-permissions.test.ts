// Who may call each billing and payments route: anonymous callers get 401, the other role 403, and an
// entity that names another entity's group 404 — and nothing of that group changes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingInformation, groups } from '../../db/schema.js';
import { subscriptions } from '../../db/schema-billing.js';
import { billingEntity, billingPayload, createPlan } from '../../test-support/billing.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let owner: Awaited<ReturnType<typeof billingEntity>>;
let stranger: Awaited<ReturnType<typeof billingEntity>>;
let groupId: string;
let planId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = { authorization: (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization };
  owner = await billingEntity(t);
  stranger = await billingEntity(t);
  groupId = await owner.groupWithCard();
  planId = (await createPlan(t.db(), { type: 'recurring' })).id;
});
afterAll(() => t.close());

const G = '00000000-0000-4000-8000-000000000000';
const ENTITY_ONLY: [string, string][] = [
  ['POST', '/api/group/billing/save'],
  ['PUT', `/api/group/billing/update/${G}`],
  ['POST', '/api/group/billing/assignSubscription'],
  ['POST', '/api/group/billing/changeSubscription'],
  ['GET', `/api/group/billing/details/${G}`],
  ['DELETE', `/api/group/billing/unfinished/${G}`],
  ['POST', '/api/payments/local/tokens'],
];
const ADMIN_ONLY: [string, string][] = [
  ['GET', '/api/payments/plans'],
  ['POST', '/api/payments/plans'],
  ['POST', '/api/payments/plans/price_x/archive'],
  ['POST', '/api/payments/plans/price_x/restore'],
  ['GET', '/api/payments/coupons'],
  ['POST', '/api/payments/coupons'],
  ['PUT', '/api/payments/coupons/SPRING'],
  ['POST', '/api/payments/coupons/SPRING/archive'],
];
const BOTH: [string, string][] = [
  ['GET', '/api/group/billing/plans/list'],
  ['GET', '/api/group/billing/coupon/SPRING'],
  ['GET', '/api/payments/config'],
];

function send(method: string, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(method === 'GET' ? {} : { payload: {} }),
  });
}

describe('billing permissions', () => {
  it.each([...ENTITY_ONLY, ...ADMIN_ONLY, ...BOTH])(
    '%s %s answers 401 without a session',
    async (method, url) => {
      expect((await send(method, url)).statusCode).toBe(401);
    },
  );

  it.each(ENTITY_ONLY)('%s %s answers 403 to an admin', async (method, url) => {
    expect((await send(method, url, admin)).statusCode).toBe(403);
  });

  it.each(ADMIN_ONLY)('%s %s answers 403 to an entity', async (method, url) => {
    expect((await send(method, url, { authorization: owner.session.authorization })).statusCode).toBe(403);
  });

  it.each(BOTH)('%s %s admits both roles', async (method, url) => {
    for (const headers of [admin, { authorization: owner.session.authorization }]) {
      expect([200, 404]).toContain((await send(method, url, headers)).statusCode);
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
      stranger.call('POST', '/api/group/billing/save', billingPayload(token, { groupId })),
      stranger.call('PUT', `/api/group/billing/update/${groupId}`, billingPayload(token)),
      stranger.call('POST', '/api/group/billing/assignSubscription', {
        groupId,
        priceId: planId,
        coupons: [],
        name: 'Eve Intruder',
      }),
      stranger.call('POST', '/api/group/billing/changeSubscription', {
        groupId,
        priceId: planId,
        coupons: [],
      }),
      stranger.call('GET', `/api/group/billing/details/${groupId}`),
      stranger.call('DELETE', `/api/group/billing/unfinished/${groupId}`),
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

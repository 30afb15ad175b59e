// With every plan archived, no new family is made: its card could never be used for a plan.
import { MSG } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../../db/schema.js';
import { paymentPlans } from '../../db/schema-billing.js';
import { billingEntity, billingPayload } from '../../test-support/billing.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('no plan offered', () => {
  it("refuses to start a new family with 'No plan is offered…', and makes nothing", async () => {
    await t.db().update(paymentPlans).set({ active: false });
    const { call, tokenFor } = await billingEntity(t);
    expect((await call('GET', '/api/group/billing/plans/list')).json().plans).toEqual([]);
    const before = await t.db().select({ n: sql<number>`count(*)::int` }).from(groups);
    const saved = await call('POST', '/api/group/billing/save', billingPayload(await tokenFor()));
    expect(saved.statusCode).toBe(422);
    expect(saved.json().message).toBe(MSG.billing.noPlanOffered);
    expect(await t.db().select({ n: sql<number>`count(*)::int` }).from(groups)).toEqual(before);
  });
});

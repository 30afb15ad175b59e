// With every plan archived, no new family is made: its card could never be used for a plan.
import { endpoints, MSG } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntity, billingPayload } from '../../../test/billing.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { groups } from '../../db/schema.js';
import { paymentPlans } from '../../db/schema-billing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('no plan offered', () => {
  it("refuses to start a new family with 'No plan is offered…', and makes nothing", async () => {
    await t.db().update(paymentPlans).set({ active: false });
    const { api, tokenFor } = await billingEntity(t);
    expect((await api(endpoints.billing.plans)).json().plans).toEqual([]);
    const before = await t.db().select({ n: sql<number>`count(*)::int` }).from(groups);
    const saved = await api(endpoints.billing.save, { body: billingPayload(await tokenFor()) });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().message).toBe(MSG.billing.noPlanOffered);
    expect(await t.db().select({ n: sql<number>`count(*)::int` }).from(groups)).toEqual(before);
  });
});

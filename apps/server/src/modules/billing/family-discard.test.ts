// Discarding a family the wizard left unfinished: its card is detached at the provider and the family
// goes, recorded in its activity; a named or paid family is never discarded.
import { cardLabel, endpoints, MSG } from '@bridge-talk/contract';
import { TEST_CARDS } from '@bridge-talk/contract/test-data';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntity, createPlan } from '../../../test/billing.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { billingInformation, groups } from '../../db/schema.js';
import { paymentMethods } from '../../db/schema-billing.js';
import { auditEvents } from '../../db/schema-families.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function cardOf(groupId: string) {
  const [billing] = await t
    .db()
    .select({ paymentMethodId: billingInformation.providerPaymentMethodId })
    .from(billingInformation)
    .where(eq(billingInformation.groupId, groupId));
  return billing!.paymentMethodId;
}

describe('DELETE /api/group/billing/unfinished/{groupId}', () => {
  it('detaches the card of a family never named, deletes the family and records who did it', async () => {
    const { api, groupWithCard, entity } = await billingEntity(t);
    const groupId = await groupWithCard();
    const paymentMethodId = await cardOf(groupId);

    const answer = await api(endpoints.billing.discard, { params: { groupId } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: MSG.families.discarded });
    expect(await t.db().select().from(groups).where(eq(groups.id, groupId))).toEqual([]);
    expect(await t.db().select().from(paymentMethods).where(eq(paymentMethods.id, paymentMethodId))).toEqual(
      [],
    );
    const events = await t.db().select().from(auditEvents).where(eq(auditEvents.groupId, groupId));
    expect(events.filter((e) => e.action === 'billing.family_discarded')).toEqual([
      expect.objectContaining({
        actorUserId: entity.userId,
        subject: cardLabel(TEST_CARDS.paid.brand, TEST_CARDS.paid.last4),
      }),
    ]);
    // Gone: a second discard, like any call naming it, finds nothing.
    expect((await api(endpoints.billing.discard, { params: { groupId } })).statusCode).toBe(404);
  });

  it('refuses a family that has a plan, and changes nothing', async () => {
    const plan = await createPlan(t.db());
    const { api, groupWithCard, assign } = await billingEntity(t);
    const groupId = await groupWithCard();
    expect((await assign(groupId, plan.id)).statusCode).toBe(200);
    const answer = await api(endpoints.billing.discard, { params: { groupId } });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: MSG.families.onlyUnfinishedDiscarded });
    expect(await t.db().select({ id: groups.id }).from(groups).where(eq(groups.id, groupId))).toEqual([
      { id: groupId },
    ]);
    const paymentMethodId = await cardOf(groupId);
    expect(
      await t
        .db()
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, paymentMethodId)),
    ).toHaveLength(1);
  });

  it("answers 404 for another entity's family, and keeps it and its card", async () => {
    const owner = await billingEntity(t);
    const stranger = await billingEntity(t);
    const groupId = await owner.groupWithCard();
    expect((await stranger.api(endpoints.billing.discard, { params: { groupId } })).statusCode).toBe(404);
    expect(await t.db().select({ id: groups.id }).from(groups).where(eq(groups.id, groupId))).toHaveLength(1);
  });
});

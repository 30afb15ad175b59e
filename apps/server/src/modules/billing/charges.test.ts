// What a family pays: each charge is recorded with its plan, coupons and card, shown in the family's
// billing details, and e-mailed to the payer (a receipt, or the notice of a decline).
import { randomUUID } from 'node:crypto';
import { cardLabel, endpoints, formatMoney } from '@bridge-talk/contract';
import { TEST_CARDS } from '@bridge-talk/contract/test-data';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingEntity,
  billingPayload,
  CARD_DECLINED_WHEN_CHARGED,
  CARD_OK,
  createCoupon,
  createPlan,
} from '../../../test/billing.js';
import { type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { subscriptions } from '../../db/schema-billing.js';
import { createLocalProvider } from '../../providers/payments/local-provider.js';
import { renewDueSubscriptions } from './renewals.js';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** An entity's family with its card saved, paid for by a payer of its own. */
async function familyWithCard(number = CARD_OK) {
  const entity = await billingEntity(t);
  const payer = `payer-${randomUUID().slice(0, 8)}@test.local`;
  const saved = await entity.api(endpoints.billing.save, {
    body: billingPayload(await entity.tokenFor(number), { email: payer }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const groupId: string = saved.json()._id;
  const details = async () => (await entity.api(endpoints.billing.details, { params: { groupId } })).json();
  return { ...entity, payer, groupId, details };
}

describe("a family's charges", () => {
  it('shows the plan, the price paid after the coupon and the charge, and mails the payer a receipt', async () => {
    const plan = await createPlan(t.db(), { name: 'Lifetime', type: 'one_time', unitAmount: 19_900 });
    const coupon = await createCoupon(t.db(), { name: 'Spring 10', percentOff: 10, products: [plan.id] });
    const family = await familyWithCard();
    expect((await family.assign(family.groupId, plan.id, [coupon.id])).statusCode).toBe(200);

    const details = await family.details();
    expect(details.subscription).toMatchObject({
      planName: 'Lifetime',
      type: 'one_time',
      amount: 17_910,
      couponNames: ['Spring 10'],
    });
    expect(details.charges).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        amount: 17_910,
        status: 'succeeded',
        planName: 'Lifetime',
        planType: 'one_time',
        couponNames: ['Spring 10'],
        cardBrand: TEST_CARDS.paid.brand,
        cardLast4: TEST_CARDS.paid.last4,
      },
    ]);
    const receipt = await waitForMessage(smtp, family.payer, /receipt/);
    expect(receipt.subject).toBe(`Bridge Talk receipt: ${formatMoney(17_910)}`);
    expect(receipt.text).toContain(`Amount: ${formatMoney(17_910)}`);
    expect(receipt.text).toContain('Plan: Lifetime (one-time payment)');
    expect(receipt.text).toContain('Coupon: Spring 10');
    expect(receipt.text).toContain(`Card: ${cardLabel(TEST_CARDS.paid.brand, TEST_CARDS.paid.last4)}`);
    expect(receipt.text).toMatch(/Date: \d{2}\.\d{2}\.\d{4} /);
    // A repeat of the same paid request records and mails nothing more.
    expect((await family.details()).charges).toHaveLength(1);
  });

  it('records a declined charge, and tells the payer that nothing was charged', async () => {
    const plan = await createPlan(t.db(), { name: 'Monthly', type: 'recurring', unitAmount: 1_999 });
    const family = await familyWithCard(CARD_DECLINED_WHEN_CHARGED);
    expect((await family.assign(family.groupId, plan.id)).statusCode).toBe(422);
    const details = await family.details();
    expect(details.subscription).toBeNull();
    expect(details.charges).toEqual([
      expect.objectContaining({ amount: 1_999, status: 'declined', planName: 'Monthly', cardLast4: '0341' }),
    ]);
    const notice = await waitForMessage(smtp, family.payer, /declined/);
    expect(notice.text).toContain('Nothing was charged');
  });

  it('adds each monthly renewal to the charges, and moves the next renewal a month on', async () => {
    const plan = await createPlan(t.db(), { name: 'Monthly', type: 'recurring', unitAmount: 2_500 });
    const family = await familyWithCard();
    expect((await family.assign(family.groupId, plan.id)).statusCode).toBe(200);
    const ended = new Date(Date.UTC(2030, 0, 31, 12));
    await t
      .db()
      .update(subscriptions)
      .set({ currentPeriodEnd: ended })
      .where(eq(subscriptions.groupId, family.groupId));
    const ctx = { db: t.db(), logger: t.app.log, queue: t.app.ctx.queue };
    await renewDueSubscriptions(ctx, createLocalProvider(t.db()), new Date(Date.UTC(2030, 1, 1)));

    const details = await family.details();
    expect(details.subscription!.currentPeriodEnd).toBe('2030-02-28T12:00:00.000Z');
    expect(details.charges.map((c: { status: string; amount: number }) => [c.status, c.amount])).toEqual([
      ['succeeded', 2_500],
      ['succeeded', 2_500],
    ]);
  });
});

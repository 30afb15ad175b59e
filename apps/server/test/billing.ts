// Billing test helpers: plans and coupons straight in the local provider's tables, and an entity
// session that goes through the real calls (card token, payment details, subscription).
import { randomBytes, randomUUID } from 'node:crypto';
import { endpoints } from '@bridge-talk/contract';
import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER } from '@bridge-talk/contract/test-data';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { paymentCoupons, paymentPlans } from '../src/db/schema-billing.js';
import { testClient } from './api-client.js';
import { createEntityUser } from './factories.js';
import { signIn, type TestApp } from './test-app.js';

// Spaced, as a person types them: the token call takes the number as typed.
export const CARD_OK = TEST_CARDS.paid.spaced;
export const CARD_DECLINED = TEST_CARDS.declined.spaced;
export const CARD_DECLINED_WHEN_CHARGED = TEST_CARDS.declinedWhenCharged.spaced;

export async function createPlan(
  db: Db,
  options: { name?: string; type?: 'one_time' | 'recurring'; unitAmount?: number; active?: boolean } = {},
) {
  const id = `price_test_${randomBytes(6).toString('hex')}`;
  await db.insert(paymentPlans).values({
    id,
    name: options.name ?? `Plan ${id.slice(-6)}`,
    type: options.type ?? 'one_time',
    unitAmount: options.unitAmount ?? 10_000,
    active: options.active ?? true,
  });
  return { id, type: options.type ?? 'one_time', unit_amount: options.unitAmount ?? 10_000 };
}

export async function createCoupon(
  db: Db,
  options: {
    id?: string;
    name?: string;
    percentOff?: number | null;
    amountOff?: number | null;
    maxRedemptions?: number | null;
    timesRedeemed?: number;
    products: string[];
  },
) {
  const id = options.id ?? `C${randomBytes(4).toString('hex').toUpperCase()}`;
  const row = {
    id,
    name: options.name ?? `Coupon ${id}`,
    percentOff: options.percentOff ?? null,
    amountOff: options.amountOff ?? null,
    maxRedemptions: options.maxRedemptions ?? null,
    timesRedeemed: options.timesRedeemed ?? 0,
    products: options.products.join(','),
  };
  await db.insert(paymentCoupons).values(row);
  return {
    id,
    name: row.name,
    percent_off: row.percentOff,
    amount_off: row.amountOff,
    max_redemptions: row.maxRedemptions,
    times_redeemed: row.timesRedeemed,
    metadata: { products: row.products },
  };
}

export async function timesRedeemed(db: Db, couponId: string): Promise<number> {
  const [row] = await db
    .select({ n: paymentCoupons.timesRedeemed })
    .from(paymentCoupons)
    .where(sql`${paymentCoupons.id} = ${couponId}`);
  return row?.n ?? -1;
}

/** A valid billing payload around a card token (phone of the add-family rule, 14 characters). */
export function billingPayload<T extends object, O extends object = Record<never, never>>(
  token: T,
  overrides?: O,
) {
  return {
    ...TEST_PAYER,
    ...token,
    ...(overrides as O),
  };
}

/** A signed-in entity with helpers for the billing journey. */
export async function billingEntity(t: TestApp, options: { coupon?: string | null } = {}) {
  const entity = await createEntityUser(t.db(), { coupon: options.coupon ?? null });
  const session = await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' });
  const api = testClient(t.app, { auth: session });

  async function tokenFor(number = CARD_OK) {
    const response = await api(endpoints.payments.localTokens, {
      body: {
        number,
        expMonth: TEST_CARD_DETAILS.expMonth,
        expYear: TEST_CARD_DETAILS.expYear,
        cvc: TEST_CARD_DETAILS.cvc,
      },
    });
    if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  /** Wizard step 1 with a card: a new group with payment details; returns its id. */
  async function groupWithCard(number = CARD_OK): Promise<string> {
    const saved = await api.loose(endpoints.billing.save, { body: billingPayload(await tokenFor(number)) });
    if (saved.statusCode !== 200) throw new Error(`save: ${saved.statusCode} ${saved.body}`);
    return saved.json()._id;
  }

  function assign(
    groupId: string,
    priceId: string,
    coupons: string[] = [],
    headers: Record<string, string> = {},
  ) {
    return api(endpoints.billing.assignSubscription, {
      body: { groupId, priceId, coupons, name: 'Robin Child' },
      headers,
    });
  }

  return { entity, session, api, tokenFor, groupWithCard, assign };
}

export function idempotencyKey(): string {
  return `key-${randomUUID()}`;
}

// The payment provider's records: the local provider's plans, coupons, cards, customers and charges
// (Stripe keeps its own), the families' subscriptions whatever the provider, and what makes billing
// calls and Stripe's webhooks apply once.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups, timestamps, users } from './schema.js';

/** Local provider: the plans (Stripe: prices). `id` looks like a Stripe price id. */
export const paymentPlans = pgTable('payment_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type', { enum: ['recurring', 'one_time'] }).notNull(),
  unitAmount: integer('unit_amount').notNull(),
  currency: text('currency').notNull().default('usd'),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/** Local provider: the coupons; `id` is the code people type. `products` is a comma list of plan ids. */
export const paymentCoupons = pgTable(
  'payment_coupons',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    percentOff: doublePrecision('percent_off'),
    amountOff: integer('amount_off'),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    products: text('products').notNull().default(''),
    /** An archived coupon is found by no look-up: a leaked code stops working at once. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_coupons_code_key').on(sql`lower(${t.id})`),
    check('payment_coupons_redeemed_check', sql`${t.timesRedeemed} >= 0`),
  ],
);

/** Local provider: each redemption of a coupon, once per subscription; times_redeemed counts them. */
export const paymentCouponRedemptions = pgTable(
  'payment_coupon_redemptions',
  {
    couponId: text('coupon_id')
      .notNull()
      .references(() => paymentCoupons.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.idempotencyKey] })],
);

/**
 * Local provider: a card exchanged for a token by the local card form. Holds what may be shown of the
 * card, and how a charge on it ends (the well-known test numbers decline); never the number or CVC.
 */
export const paymentCardTokens = pgTable('payment_card_tokens', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** null: charges succeed; otherwise the decline code a charge answers. */
  declineCode: text('decline_code'),
  /** Whether the bank refuses the card when it is saved, before any charge (most declining cards). */
  declinesWhenSaved: boolean('declines_when_saved').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Local provider: customers (one per group that saved payment details). */
export const paymentCustomers = pgTable('payment_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  /** The key of the call that created it: a repeated call finds it instead of creating another. */
  idempotencyKey: text('idempotency_key').unique(),
  ...timestamps,
});

/** Local provider: a customer's cards, from a token: brand, last 4 and expiry only. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => paymentCustomers.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    declineCode: text('decline_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_methods_customer_idx').on(t.customerId)],
);

/** Local provider: every charge attempt, once per idempotency key. */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_charges_idempotency_key').on(t.idempotencyKey),
    index('payment_charges_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * A group's subscription to a plan, with either provider: one_time (a single charge, `providerPaymentId`)
 * or recurring (monthly, `providerSubscriptionId`, renewed at `currentPeriodEnd`). A group has at most one
 * that is not over (the unique index), so a repeated submit cannot charge twice.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    planId: text('plan_id').notNull(),
    planType: text('plan_type', { enum: ['recurring', 'one_time'] }).notNull(),
    couponIds: jsonb('coupon_ids').$type<string[]>().notNull().default([]),
    /** The price after coupons, recomputed by the server with the contract's price rule. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['incomplete', 'active', 'past_due', 'canceled', 'failed'] }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    providerSubscriptionId: text('provider_subscription_id'),
    providerPaymentId: text('provider_payment_id'),
    /** Local renewals: failed attempts in a row, and when to try again. */
    renewalFailures: integer('renewal_failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When the newest provider event applied was created: an older event arriving late changes nothing. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_group_current_key')
      .on(t.groupId)
      .where(sql`${t.status} in ('incomplete', 'active', 'past_due')`),
    index('subscriptions_renewal_idx')
      .on(t.currentPeriodEnd)
      .where(
        sql`${t.provider} = 'local' and ${t.planType} = 'recurring' and ${t.status} in ('active', 'past_due')`,
      ),
    index('subscriptions_provider_subscription_idx').on(t.providerSubscriptionId),
    index('subscriptions_provider_payment_idx').on(t.providerPaymentId),
  ],
);

/** Answers of billing calls sent with an Idempotency-Key: the same key gets the same answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is in progress. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Stripe webhook events already applied: each event changes our records once. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every charge of a family, whatever the provider: what the family page lists and each receipt tells.
 * Written by the billing module when it charges (and, with Stripe, from a renewal's invoice webhook);
 * `chargeKey` is the key of that charge at the provider, so a charge reported twice is recorded once.
 * Plan, coupons and card are copied as they were at the charge: a later change does not rewrite it.
 */
export const familyCharges = pgTable(
  'family_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    chargeKey: text('charge_key').notNull(),
    planName: text('plan_name').notNull(),
    planType: text('plan_type', { enum: ['recurring', 'one_time'] }).notNull(),
    couponNames: jsonb('coupon_names').$type<string[]>().notNull().default([]),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['succeeded', 'declined'] }).notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('family_charges_charge_key').on(t.provider, t.chargeKey),
    index('family_charges_group_idx').on(t.groupId, t.createdAt),
  ],
);

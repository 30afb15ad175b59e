// Drizzle table definitions: the single description of our tables. Migrations in ../../drizzle are
// generated from these files (`npm run db:generate -w @bridge-talk/server`) and run on PGlite and PostgreSQL.

import { SECOND_FACTOR_KINDS, TERMS_DOCUMENTS } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Agencies and lawyers: the organisations whose staff sign in with role `entity`. */
export const entities = pgTable(
  'entities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    subtype: text('subtype', { enum: ['agency', 'lawyer'] }).notNull(),
    status: text('status', { enum: ['active', 'pending', 'disabled', 'inactive'] }).notNull(),
    coupon: text('coupon'),
    startContract: text('start_contract'),
    endContract: text('end_contract'),
    /** How the entity's sign-in e-mail hears of reported messages: each within a minute, or a daily digest. */
    reportAlerts: text('report_alerts', { enum: ['immediate', 'daily'] })
      .notNull()
      .default('immediate'),
    /**
     * Name and e-mail, lower-case, for the admin's search: a case-sensitive LIKE of the lower-cased
     * search, instead of ILIKE lower-casing both columns of every row it checks.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(lower(name || chr(10) || email))`),
    /** The name as people order it: 'Spam Bot 2' before 'Spam Bot 10' (natural_sort_key()). */
    nameSort: text('name_sort').notNull().generatedAlwaysAs(sql`natural_sort_key(name)`),
    /**
     * How many families the entity has: the families list's total, read in one row instead of counted
     * over the entity's families on every page. Kept by triggers on groups (migration 0024), never
     * written here.
     */
    familyCount: integer('family_count').notNull().default(0),
    /**
     * How many of its families have a contact agreement (a kept standing): the list of those without
     * one counts them as the rest. Kept by triggers on agreement_states (migration 0031).
     */
    agreementCount: integer('agreement_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('entities_email_key').on(sql`lower(${t.email})`),
    index('entities_status_idx').on(t.status),
    // The admin's list: ordered by name, searched (LIKE '%…%') in search_text through trigrams.
    index('entities_name_order_idx').on(t.nameSort, t.id),
    index('entities_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * How many entities there are (the entity list's unsearched total), in its one row: kept by statement
 * triggers on entities, so that a page does not count every entity again.
 */
export const entityCount = pgTable(
  'entity_count',
  {
    one: boolean('one').primaryKey().default(true),
    n: integer('n').notNull().default(0),
  },
  (t) => [check('entity_count_one_row', sql`${t.one}`)],
);

/** Everyone who signs in to the portal: admins and the people of an entity. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['admin', 'entity'] }).notNull(),
    subtype: text('subtype', { enum: ['admin', 'agency', 'lawyer'] }).notNull(),
    entityId: uuid('entity_id').references(() => entities.id),
    /** null until the person has set a password (invited accounts); login then answers 406. */
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['active', 'pending', 'disabled', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_entity_idx').on(t.entityId),
  ],
);

/** One sign-in: every request's access token names its session, so logging out refuses it at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'Remember me': a persistent cookie; otherwise a browser-session cookie. */
    persistent: boolean('persistent').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A professional's second factors. An authenticator app's (kind 'totp') secret is kept only encrypted
 * under a key derived from the token key, which lives outside the database: a copy of the database
 * alone makes no codes. A passkey's (kind 'passkey') public key is not secret. A row without
 * `confirmedAt` is an enrolment under way: it signs nothing in.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SECOND_FACTOR_KINDS }).notNull(),
    name: text('name').notNull(),
    /** An app's: AES-256-GCM of the secret: iv, tag and ciphertext, base64url, joined by dots. */
    secretEncrypted: text('secret_encrypted'),
    /** The last time step whose code signed in: that code and older ones are refused (replays). */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    /** A passkey's credential id (base64url), as its authenticator names it: one account holds it. */
    credentialId: text('credential_id'),
    /** A passkey's COSE public key, base64url. */
    publicKey: text('public_key'),
    /** A passkey's signature counter: an answer that does not move it forward is a clone's or a replay. */
    counter: bigint('counter', { mode: 'number' }),
    /** How the browser reaches the passkey ('internal', 'usb'…), comma-separated, as it said at enrolment. */
    transports: text('transports'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('second_factors_user_idx').on(t.userId),
    uniqueIndex('second_factors_credential_key').on(t.credentialId).where(sql`${t.credentialId} is not null`),
  ],
);

/**
 * The challenges of passkey ceremonies under way (enrolment or sign-in): each taken once, within
 * minutes, by whichever server process the browser's answer reaches.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_user_idx').on(t.userId)],
);

/** Single-use recovery codes of an account with a second factor, stored as their SHA-256. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/**
 * Refresh tokens: opaque, stored as SHA-256, rotated on every use. Presenting a token that was rotated
 * more than a few seconds ago is a reuse: the whole session is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** Every e-mail the portal sends; in outbox mode (no SMTP_URL) this table is the mailbox. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The queue job that delivers it: a retried job finds its row and does not send twice. */
    jobId: text('job_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_messages_to_idx').on(t.to, t.createdAt),
    uniqueIndex('mail_messages_job_key').on(t.jobId),
  ],
);

/** Secrets and settings the portal generates for itself once (e.g. the token signing key). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes sent by e-mail: account activation (invited accounts), password reset, the
 * account-settings password change and e-mail change. Stored hashed; single use; few attempts.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['activation', 'reset', 'change-password', 'email-change', 'sign-in'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** For an e-mail change: the new address the code was sent to. */
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);

/** Every published version of the terms and conditions; the latest is the one in force. */
export const terms = pgTable(
  'terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'terms' (of use) or 'privacy' (the privacy policy): each numbers its versions on its own. */
    document: text('document', { enum: TERMS_DOCUMENTS }).notNull().default('terms'),
    title: text('title').notNull(),
    /** Sanitised html. */
    content: text('content').notNull(),
    version: integer('version').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('terms_document_version_key').on(t.document, t.version)],
);

// ─── Billing: groups, payment details, plans, coupons, card tokens, customers, payment
// methods, charges, subscriptions, idempotency keys and processed webhook events. Plans, coupons,
// card tokens, customers, payment methods and charges are the local payment provider's own records;
// with Stripe they live at Stripe. No card number is ever stored: brand, last 4 and expiry only.

/**
 * A family: the add-family wizard's first step (saving the payment details) creates it, the second
 * names it after the child and subscribes it.
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id),
    name: text('name'),
    childFirstName: text('child_first_name'),
    childLastName: text('child_last_name'),
    active: boolean('active').notNull().default(true),
    /**
     * What the families list searches: the name, the payment e-mail and every member's e-mail, lower
     * case. Kept by triggers on the four tables it comes from (migration 0005), never written here.
     */
    searchText: text('search_text').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // An entity's families newest first (the list's order, id breaking ties): a page is an index walk.
    index('groups_entity_created_idx').on(t.entityId, t.createdAt, t.id),
    // Sorted by status, newest first within: Active first walks the first backwards, Inactive first
    // the second forwards (a sort of all the entity's families grew with their number).
    index('groups_entity_active_created_idx').on(t.entityId, t.active, t.createdAt, t.id),
    index('groups_entity_inactive_first_idx').on(
      t.entityId,
      t.active,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // One index answers an entity's search of any of those fields (ILIKE '%…%'): the entity's key
    // (btree_gin) beside the trigrams, so the index itself keeps only the entity's matches (migration
    // 0006). A GIN index serves a condition on either column alone too.
    index('groups_entity_search_trgm_idx').using('gin', t.entityId, t.searchText.op('gin_trgm_ops')),
  ],
);

/** A group's payment details (spec: billing payload), and its customer and card at the provider. */
export const billingInformation = pgTable('billing_information', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  cardName: text('card_name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  country: text('country').notNull().default('US'),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  cardBrand: text('card_brand').notNull(),
  cardLast4: text('card_last4').notNull(),
  cardExpMonth: integer('card_exp_month').notNull(),
  cardExpYear: integer('card_exp_year').notNull(),
  providerCustomerId: text('provider_customer_id').notNull(),
  providerPaymentMethodId: text('provider_payment_method_id').notNull(),
  ...timestamps,
});

/**
 * Attempt counters shared by every process (and kept across restarts): failed sign-ins per account and
 * per account and address, code requests per e-mail, the per-route limits of @fastify/rate-limit. One
 * row per key; its window starts at the key's first hit and the count starts again once it has passed.
 * Writers delete a few rows past `expires_at` as they go (db/hit-counters.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

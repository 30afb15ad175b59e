// Drizzle table definitions: the single description of our tables. Migrations in ../../drizzle are
// generated from this file (`npm run db:generate -w @bridge-talk/server`) and run on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('entities_email_key').on(sql`lower(${t.email})`),
    index('entities_status_idx').on(t.status),
  ],
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
    purpose: text('purpose', { enum: ['activation', 'reset', 'change-password', 'email-change'] }).notNull(),
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
    title: text('title').notNull(),
    /** Sanitised html. */
    content: text('content').notNull(),
    version: integer('version').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('terms_version_key').on(t.version)],
);

// The people of a family and their places in it. A person (`family_members`) may belong to more than
// one family (a birth parent of two children placed with different families), so the person and the
// membership are separate; the e-mail identifies a person across families.

import { AUDIT_ACTIONS, PLATFORM_AUDIT_ACTIONS } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { groups, users } from './schema.js';

export const familyMembers = pgTable(
  'family_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Optional for a child; unique (case-insensitive) when present. */
    email: text('email'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('family_members_email_key').on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => familyMembers.id),
    role: text('role', { enum: ['child', 'adoptive_parent', 'birth_family'] }).notNull(),
    /**
     * The person's name as this family's entity knows it, when it is not the person's own row's: a
     * person linked by e-mail from another entity's family is shown with the name its new family typed,
     * never the one the other entity gave (null: the person's name).
     */
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** The slot within the role: 1 or 2 (one child; up to two adoptive parents and two birth family). */
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_members_group_member_key').on(t.groupId, t.memberId),
    uniqueIndex('group_members_group_slot_key').on(t.groupId, t.role, t.position),
    index('group_members_member_idx').on(t.memberId),
  ],
);

/**
 * The name each family gave each person it has held, as its conversations show them: every person of
 * a family is written here by the family's member sync and kept after they leave it (a departed
 * member's channel keeps its history under the name that family gave). A person in families of two
 * entities has a row for each, so one entity's name never reaches another's views. While the person
 * is in the family, the membership's name (group_members) is read first; this row is its copy for later.
 */
export const familyMemberNames = pgTable(
  'family_member_names',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.memberId] })],
);

/** Conversation exports: who asked for which channel, where it went, and the PDF's SHA-256. */
export const conversationExports = pgTable(
  'conversation_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    sha256: text('sha256'),
    byteSize: integer('byte_size'),
    messageCount: integer('message_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversation_exports_sha256_key').on(t.sha256),
    index('conversation_exports_group_idx').on(t.groupId),
  ],
);

/**
 * Who looked at or exported which family conversation, or looked up a person by e-mail, and when.
 * Append-only.
 */
/** The platform's actions as an SQL list, for the index and the query that must match it. */
export const PLATFORM_ACTIONS_SQL = `(${PLATFORM_AUDIT_ACTIONS.map((a) => `'${a}'`).join(', ')})`;

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who did it as they were named then: the record keeps them once the account is changed or gone. */
    actorFirstName: text('actor_first_name'),
    actorLastName: text('actor_last_name'),
    actorEmail: text('actor_email'),
    /** The admin account, plan or coupon the event names (an entity's is entity_id), for its link. */
    targetId: text('target_id'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entityId: uuid('entity_id'),
    groupId: uuid('group_id'),
    channelId: text('channel_id'),
    /** What else the event names: for a member look-up, the e-mail looked up (lower case). */
    subject: text('subject'),
    /** What else the activity shows: a status before and after, a recipient, a fingerprint, a note. */
    details: jsonb('details').$type<Record<string, string | number | null>>(),
    // The moment of the insert, not of its transaction: two events of one change keep their order.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('audit_events_group_idx').on(t.groupId, t.createdAt),
    index('audit_events_entity_idx').on(t.entityId, t.createdAt),
    // The administrator's platform activity: the few platform events among the many of the families.
    index('audit_events_platform_idx')
      .on(t.createdAt)
      .where(sql`${t.groupId} is null and ${t.action} in ${sql.raw(PLATFORM_ACTIONS_SQL)}`),
  ],
);

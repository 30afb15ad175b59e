// Contact agreements: a family's promises of letters, photos, visits… Each save writes a new version
// from a date; earlier versions stay as written, for the history and the reports. The caseworker's
// marks (given on a date, or excused with a reason) are kept per item and window (its due date).
import {
  AGREEMENT_DOCUMENT_TYPES,
  type AgreementFrequency,
  type AgreementItemKind,
  type AgreementSide,
  type AgreementStanding,
  type AgreementUntil,
} from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities, groups, users } from './schema.js';

export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** 1, 2, … within the family. */
    version: integer('version').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    /** The agency's zone when it was written (IANA): messages count on the date they were sent there. */
    timeZone: text('time_zone').notNull(),
    reminderDays: integer('reminder_days').notNull(),
    childBirthDate: date('child_birth_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The writer's name at the time, shown in the history even after the account is gone. */
    createdByName: text('created_by_name'),
  },
  (t) => [uniqueIndex('agreement_versions_group_version_key').on(t.groupId, t.version)],
);

export const agreementItems = pgTable(
  'agreement_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => agreementVersions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<AgreementItemKind>().notNull(),
    giver: text('giver').$type<AgreementSide>().notNull(),
    receiver: text('receiver').$type<AgreementSide>().notNull(),
    frequency: jsonb('frequency').$type<AgreementFrequency>().notNull(),
    until: jsonb('until').$type<AgreementUntil>(),
    note: text('note').notNull().default(''),
  },
  (t) => [uniqueIndex('agreement_items_version_position_key').on(t.versionId, t.position)],
);

export const agreementMarks = pgTable(
  'agreement_marks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => agreementItems.id, { onDelete: 'cascade' }),
    /** The window's due date: a window is named by it. */
    due: date('due').notNull(),
    type: text('type', { enum: ['given', 'excused'] }).notNull(),
    /** The day it was given (a call, a visit…); null for an excuse. */
    givenOn: date('given_on'),
    /** What happened, or why the window is excused. */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
  },
  // One mark per window: a second would make its state depend on which one is read. Also the item's
  // marks' index.
  (t) => [uniqueIndex('agreement_marks_item_due_key').on(t.itemId, t.due)],
);

/**
 * Where each family with an agreement stands (overdue, due soon, ok), kept so that the families list
 * can filter and show it and the desk can list it without working out every family's windows: written
 * when the agreement is saved or marked, after a member of the family posts, and by the hourly sweep
 * of the rows whose `check_at` has come (the next day the standing or a notice can change by time
 * alone). A family without an agreement has no row.
 */
export const agreementStates = pgTable(
  'agreement_states',
  {
    groupId: uuid('group_id')
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    standing: text('standing').$type<AgreementStanding>().notNull(),
    /** Overdue: the first due date still owed; due soon: the due date; ok: the next due date. */
    standingDate: date('standing_date'),
    /** The items overdue or due soon, for the desk: kind, giving side, due date. */
    dueItems: jsonb('due_items')
      .$type<{ kind: AgreementItemKind; giver: AgreementSide; due: string }[]>()
      .notNull(),
    /** The family's creation, copied: the filtered list walks this table in the list's own order. */
    familyCreatedAt: timestamp('family_created_at', { withTimezone: true }).notNull(),
    /** When to look again; null: nothing changes by time alone. */
    checkAt: timestamp('check_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agreement_states_entity_standing_created_idx').on(
      t.entityId,
      t.standing,
      t.familyCreatedAt.desc().nullsFirst(),
      t.groupId.desc().nullsFirst(),
    ),
    index('agreement_states_entity_standing_date_idx').on(t.entityId, t.standing, t.standingDate),
    index('agreement_states_check_at_idx').on(t.checkAt).where(sql`${t.checkAt} is not null`),
  ],
);

/**
 * The notices an agreement's windows gave rise to: the reminder to the giving members before a due
 * date, and the agency's alert when one passes with nothing given. One row per item, window and kind,
 * written before its mail is queued: a second process or a later run finds it and sends nothing again.
 */
export const agreementNotices = pgTable(
  'agreement_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => agreementItems.id, { onDelete: 'cascade' }),
    due: date('due').notNull(),
    kind: text('kind', { enum: ['reminder', 'overdue'] }).notNull(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Overdue notices: when the agency's alert (at once or in the digest) took it; null until then. */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agreement_notices_item_due_kind_key').on(t.itemId, t.due, t.kind),
    index('agreement_notices_unalerted_idx')
      .on(t.createdAt)
      .where(sql`${t.alertedAt} is null and ${t.kind} = 'overdue'`),
  ],
);

/**
 * Agreement reports issued as PDF: the file's SHA-256, so that anyone holding it can check on the
 * verify page that the portal issued it, when, for which period and with how many windows.
 */
export const agreementReports = pgTable(
  'agreement_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    windowCount: integer('window_count').notNull(),
    sha256: text('sha256').notNull(),
    byteSize: integer('byte_size').notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agreement_reports_sha256_key').on(t.sha256),
    index('agreement_reports_group_idx').on(t.groupId),
  ],
);

/**
 * The signed agreement attached to a version (one file a version; a new one replaces it): a PDF or a
 * picture kept by the storage provider under `storage_key`, recognised from its bytes.
 */
export const agreementDocuments = pgTable('agreement_documents', {
  versionId: uuid('version_id')
    .primaryKey()
    .references(() => agreementVersions.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull().unique(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type', { enum: AGREEMENT_DOCUMENT_TYPES }).notNull(),
  byteSize: integer('byte_size').notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploadedByName: text('uploaded_by_name'),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

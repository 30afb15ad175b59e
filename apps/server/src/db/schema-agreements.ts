// Contact agreements: a family's promises of letters, photos, visits… Each save writes a new version
// from a date; earlier versions stay as written, for the history and the reports. The caseworker's
// marks (given on a date, or excused with a reason) are kept per item and window (its due date).
import type {
  AgreementFrequency,
  AgreementItemKind,
  AgreementSide,
  AgreementUntil,
} from '@bridge-talk/contract';
import { date, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

// The caseworker's desk: every message a family member reported, mirrored from the chat provider
// (written at the report by the local provider; from Stream's signed webhook or its periodic sync), so
// that the reports queue, the families' '!' and the alerts are one query of our own whichever provider
// holds the conversations. A report is open until someone of the entity reviews it with a note.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { entities, groups, users } from './schema.js';

export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** The provider's ids: a UUID of ours (local) or Stream's channel and message ids. */
    channelId: text('channel_id').notNull(),
    channelNumber: integer('channel_number'),
    messageId: text('message_id').notNull(),
    /** The chat user (family member) who reported it, and their name at the time. */
    reportedById: text('reported_by_id').notNull(),
    reportedByName: text('reported_by_name').notNull(),
    reason: text('reason'),
    /** Who wrote the reported message (their name at the time); null when the provider did not say. */
    authorName: text('author_name'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    /** The message's first line as plain text, for the queue (the message itself stays where it is). */
    excerpt: text('excerpt').notNull().default(''),
    state: text('state', { enum: ['open', 'reviewed'] })
      .notNull()
      .default('open'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    /** When the entity's alert (immediate or in the daily digest) was sent; null: still to send. */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A report arrives at most once, whichever way it came (the report itself, a webhook, a sync).
    uniqueIndex('message_reports_report_key').on(t.channelId, t.messageId, t.reportedById),
    // The queue: the entity's reports, open first, newest first (and the open count). In the page's
    // own order, so that a page is a walk of its rows, not a sort of all the entity's reports; read
    // backwards within a state, it is oldest first (the alerts).
    index('message_reports_queue_order_idx').on(
      t.entityId,
      t.state,
      t.reportedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The '!' of a family and of its channels: open reports only.
    index('message_reports_open_group_idx').on(t.groupId, t.channelId).where(sql`${t.state} = 'open'`),
    // The alert job's claim: reports not yet alerted.
    index('message_reports_unalerted_idx').on(t.entityId).where(sql`${t.alertedAt} is null`),
  ],
);

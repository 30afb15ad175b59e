// The local chat provider's own tables (CHAT_PROVIDER=local): the people of the family app as chat
// users, each family's channels and who is in them, the messages (append-only) and the reports
// ("flags") members make on messages. With the Stream provider these live at Stream.
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
import { groups } from './schema.js';
import { familyMembers } from './schema-families.js';

export const chatUsers = pgTable('chat_users', {
  /** The family member's id in our tables (the same id at Stream). */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** A deactivated member can read but not post. */
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const chatChannels = pgTable(
  'chat_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** 'Channel n' on the family page: the order in which the family's channels were made. */
    number: integer('number').notNull(),
    /** The channel's key within its family (e.g. the birth-family member it connects), for re-syncs. */
    key: text('key').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_channels_group_number_key').on(t.groupId, t.number),
    uniqueIndex('chat_channels_group_key_key').on(t.groupId, t.key),
  ],
);

export const chatChannelMembers = pgTable(
  'chat_channel_members',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => chatUsers.id),
    role: text('role', { enum: ['child', 'adoptive_parent', 'birth_family'] }).notNull(),
    permission: text('permission', { enum: ['read', 'write'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.userId] }),
    index('chat_channel_members_user_idx').on(t.userId),
  ],
);

/**
 * An attachment as a message row holds it: a file the portal stores (`fileId`, a chat_files row), or —
 * in rows written before the portal stored files — the address the member gave (`url`: a data: URL or
 * a web address), which the portal reads for the viewer and never hands to a browser.
 */
export type ChatAttachment =
  | StoredAttachment
  | {
      type: 'image' | 'video';
      url: string;
      title: string | null;
      /** A video's still frame (its poster) and its length, when the chat provider gives them. */
      posterUrl?: string | null;
      durationSeconds?: number | null;
    };

/** A stored file as its message keeps it: enough to show and to print it without reading chat_files. */
export interface StoredAttachment {
  type: 'image' | 'video';
  title: string | null;
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
}

/** The words of a message for full-text search: its html without tags, in English. */
export const MESSAGE_SEARCH_VECTOR = `to_tsvector('english'::regconfig, regexp_replace(html, '<[^>]+>', ' ', 'g'))`;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => chatUsers.id),
    /**
     * Sanitised when posted through the member API (older rows hold it as written) and again when
     * shown. Never edited by the portal.
     */
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<ChatAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The writer's role in the channel when they wrote: a contact agreement counts the message for
     * their side even after they leave the channel or the family. Null on rows written before it was
     * kept (their role is read from the channel's members then).
     */
    authorRole: text('author_role', { enum: ['child', 'adoptive_parent', 'birth_family'] }),
    /**
     * The key the writer's app gave the message (one per message it sends): a send tried again after a
     * lost answer finds the message it already made instead of making a second one.
     */
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_channel_time_idx').on(t.channelId, t.createdAt, t.id),
    uniqueIndex('chat_messages_client_key').on(t.channelId, t.userId, t.clientId),
    // Search in a conversation: the channel (btree_gin) beside the words of the message's text, tags
    // taken out, so that the index itself keeps only that channel's matches. A query must use the
    // same expression (MESSAGE_SEARCH_VECTOR) for PostgreSQL to use the index.
    index('chat_messages_search_idx').using('gin', t.channelId, sql.raw(MESSAGE_SEARCH_VECTOR)),
  ],
);

export const chatFlags = pgTable(
  'chat_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** Kept beside the message so that 'does this channel hold reports' is one index look-up. */
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => chatUsers.id),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_flags_message_user_key').on(t.messageId, t.userId),
    index('chat_flags_channel_idx').on(t.channelId),
  ],
);

/**
 * Files members attached to messages (the bytes are in the storage provider under `storageKey`). A
 * file is uploaded into a channel by a member, then attached to that member's next message there
 * (`messageId`); only attached files are shown to the agency. Append-only, like the messages.
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by')
      .notNull()
      .references(() => chatUsers.id),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** Recognised from the bytes, not from the name or the type the uploader claimed. */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    /** The uploaded file's name, cleaned for a Content-Disposition header. */
    fileName: text('file_name').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** A smaller JPEG for the conversation view, made on first demand and kept. */
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_files_storage_key').on(t.storageKey),
    index('chat_files_thumbnail_key').on(t.thumbnailKey),
    index('chat_files_channel_idx').on(t.channelId),
    index('chat_files_message_idx').on(t.messageId),
  ],
);

/**
 * How far each member has read each of their channels: the last message they saw (its time and id, the
 * order the channel's index keeps). Unread counts are the messages of others after it.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => chatUsers.id),
    messageId: uuid('message_id').notNull(),
    messageCreatedAt: timestamp('message_created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] })],
);

/**
 * A member signed in to the families' app on one device: the app holds an opaque token in an httpOnly
 * cookie (stored here as its SHA-256), exchanged for short access tokens and rotated at each exchange.
 * The token before the last rotation is still taken for a few seconds (two tabs refreshing at once);
 * after that, presenting it is a reuse and ends the session. Signing out, or the member no longer
 * standing with the address it was issued for, ends it too.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    /** The address the session was opened with (lower case): a changed e-mail ends it. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    previousHash: text('previous_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_sessions_token_key').on(t.tokenHash),
    index('member_sessions_previous_idx').on(t.previousHash),
    index('member_sessions_member_idx').on(t.memberId),
  ],
);

/** What a member chose for the families' app: e-mails about unread messages, and their language. */
export const memberPreferences = pgTable('member_preferences', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => familyMembers.id, { onDelete: 'cascade' }),
  emailUnread: boolean('email_unread').notNull().default(true),
  /** The app's language, which its e-mails and notifications follow too; null: English. */
  language: text('language', { enum: ['en', 'es'] }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Channels with a message whose unread-messages e-mails may be due: each post sets `dueAt` to the end of
 * the quiet period after it, and the minute job takes the channels whose time has come.
 */
export const chatUnreadDue = pgTable(
  'chat_unread_due',
  {
    channelId: uuid('channel_id')
      .primaryKey()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_unread_due_at_idx').on(t.dueAt)],
);

/**
 * The last unread-messages e-mail of each member and channel: when it went (at most one an hour) and
 * the newest message it told of (the same messages are never told of twice).
 */
export const chatUnreadMails = pgTable(
  'chat_unread_mails',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => chatUsers.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] })],
);

/**
 * A browser's Web Push subscription, made on one device's session: it ends with the session (signing
 * out) and when the push service says it is gone.
 */
export const memberPushSubscriptions = pgTable(
  'member_push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => memberSessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_push_subscriptions_endpoint_key').on(t.endpoint),
    index('member_push_subscriptions_member_idx').on(t.memberId),
    index('member_push_subscriptions_session_idx').on(t.sessionId),
  ],
);

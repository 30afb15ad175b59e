// CHAT_PROVIDER=local: channels, messages and reports in our own tables (db/schema-chat.ts).
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { entities, groups } from '../../db/schema.js';
import {
  type ChatAttachment,
  chatChannelMembers,
  chatChannels,
  chatFiles,
  chatFlags,
  chatMessages,
  chatUsers,
  type StoredAttachment,
} from '../../db/schema-chat.js';
import { isUuid } from '../../lib/app-error.js';
import type { ChannelSummary, ChatProvider } from './chat-provider.js';
import { createLocalChatFiles } from './local-chat-files.js';
import { createLocalMessageReads, messageFields } from './local-chat-messages.js';
import { localReportsIn } from './local-chat-reports.js';

/** A stored file as chat_files records it. */
export type ChatFile = typeof chatFiles.$inferSelect;
type NewChatFile = Omit<typeof chatFiles.$inferInsert, 'id' | 'messageId' | 'thumbnailKey' | 'createdAt'>;

/** What members do in the family app; the local provider's member API and the demo data use it. */
export interface LocalChatActions {
  /**
   * Posts a message; refused when the channel is disabled, the member may not write there, or an
   * attachment is not a file this member uploaded to this channel and has not sent yet. Files are
   * given by id; `attachments` (addresses) is for demo and test data of the earlier kind only.
   */
  postMessage(input: {
    channelId: string;
    userId: string;
    html: string;
    files?: { fileId: string; title: string | null }[];
    attachments?: ChatAttachment[];
    createdAt?: Date;
    /** The writer's key for the message: a second post with it answers the first message's id. */
    clientId?: string;
  }): Promise<
    | { id: string; replayed?: boolean }
    | { refused: 'channel-disabled' | 'not-a-writer' | 'file-not-uploaded' }
  >;
  /** Records a file stored for a member of the channel, before it is attached to a message. */
  recordFile(file: NewChatFile): Promise<ChatFile>;
  /** A file of the channel, attached to a message or not yet (the caller decides who may see it). */
  findFile(channelId: string, fileId: string): Promise<ChatFile | null>;
  /** Keeps the first thumbnail made for a file; false when another was kept first. */
  setFileThumbnail(fileId: string, thumbnailKey: string): Promise<boolean>;
  /** Forgets up to `limit` files uploaded before `before` and never sent; how many, and their storage keys. */
  deleteUnsentFiles(before: Date, limit: number): Promise<{ count: number; keys: string[] }>;
  /** Which of these storage keys a file row names (as its bytes or its thumbnail). */
  namedStorageKeys(keys: string[]): Promise<Set<string>>;
  /** A member reports a message of a channel they are in; once per member and message. */
  flagMessage(input: { messageId: string; userId: string; reason?: string | null }): Promise<boolean>;
}

export type LocalChatProvider = ChatProvider & LocalChatActions;

export function createLocalChatProvider(db: Db): LocalChatProvider {
  return {
    kind: 'local',

    async upsertUsers(users) {
      if (users.length === 0) return;
      await db
        .insert(chatUsers)
        .values(users.map((u) => ({ id: u.id, name: u.name })))
        .onConflictDoUpdate({
          target: chatUsers.id,
          set: { name: sql`excluded.name`, updatedAt: new Date() },
        });
    },

    async setUserActive(userId, active) {
      await db.update(chatUsers).set({ active, updatedAt: new Date() }).where(eq(chatUsers.id, userId));
    },

    async ensureChannel({ groupId, key, members }) {
      return db.transaction(async (tx) => {
        // One family's channels are numbered in order; lock the family's rows while numbering.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${groupId}))`);
        let [channel] = await tx
          .select({ id: chatChannels.id })
          .from(chatChannels)
          .where(and(eq(chatChannels.groupId, groupId), eq(chatChannels.key, key)));
        if (!channel) {
          const [last] = await tx
            .select({ n: max(chatChannels.number) })
            .from(chatChannels)
            .where(eq(chatChannels.groupId, groupId));
          [channel] = await tx
            .insert(chatChannels)
            .values({ groupId, key, number: (last?.n ?? 0) + 1 })
            .returning({ id: chatChannels.id });
        }
        const id = channel!.id;
        await tx.delete(chatChannelMembers).where(eq(chatChannelMembers.channelId, id));
        if (members.length > 0) {
          await tx.insert(chatChannelMembers).values(members.map((m) => ({ channelId: id, ...m })));
        }
        return { id };
      });
    },

    async listChannels(groupId) {
      const channels = await db
        .select({
          id: chatChannels.id,
          number: chatChannels.number,
          disabled: chatChannels.disabled,
          createdAt: chatChannels.createdAt,
          // Spelled out: inside a subquery drizzle would leave the column names unqualified.
        })
        .from(chatChannels)
        .where(eq(chatChannels.groupId, groupId))
        .orderBy(asc(chatChannels.number));
      if (channels.length === 0) return [];
      const members = await db
        .select({
          channelId: chatChannelMembers.channelId,
          userId: chatChannelMembers.userId,
          role: chatChannelMembers.role,
          permission: chatChannelMembers.permission,
          name: chatUsers.name,
          active: chatUsers.active,
        })
        .from(chatChannelMembers)
        .innerJoin(chatUsers, eq(chatUsers.id, chatChannelMembers.userId))
        .where(
          inArray(
            chatChannelMembers.channelId,
            channels.map((c) => c.id),
          ),
        )
        .orderBy(asc(chatChannelMembers.role), asc(chatUsers.name));
      return channels.map(
        (c): ChannelSummary => ({
          ...c,
          members: members
            .filter((m) => m.channelId === c.id)
            .map(({ userId, name, role, permission, active }) => ({
              userId,
              name,
              role,
              permission,
              active,
            })),
        }),
      );
    },

    async findChannelFamily(channelId) {
      if (!isUuid(channelId)) return null;
      const [row] = await db
        .select({ groupId: chatChannels.groupId })
        .from(chatChannels)
        .where(eq(chatChannels.id, channelId));
      return row?.groupId ?? null;
    },

    reportsIn: (groupIds) => localReportsIn(db, groupIds),

    async setChannelDisabled(groupId, channelId, disabled) {
      const rows = await db
        .update(chatChannels)
        .set({ disabled })
        .where(and(eq(chatChannels.id, channelId), eq(chatChannels.groupId, groupId)))
        .returning({ id: chatChannels.id });
      return rows.length === 1;
    },

    ...createLocalMessageReads(db),

    async getMessage(groupId, channelId, messageId) {
      if (!isUuid(channelId) || !isUuid(messageId)) return null;
      const [row] = await db
        .select(messageFields)
        .from(chatMessages)
        .innerJoin(chatUsers, eq(chatUsers.id, chatMessages.userId))
        .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
        .where(
          and(
            eq(chatMessages.id, messageId),
            eq(chatMessages.channelId, channelId),
            eq(chatChannels.groupId, groupId),
          ),
        );
      if (!row) return null;
      return {
        id: row.id,
        user: { id: row.userId, name: row.userName },
        html: row.html,
        attachments: row.attachments,
        createdAt: row.createdAt,
        flags: [],
      };
    },

    ...createLocalChatFiles(db),

    async postMessage({ channelId, userId, html, files = [], attachments: given = [], createdAt, clientId }) {
      // A send tried again (its answer was lost): the message it made, before its files are checked
      // (they are attached to it now).
      const sent = async () => {
        if (!clientId) return null;
        const [row] = await db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(
            and(
              eq(chatMessages.channelId, channelId),
              eq(chatMessages.userId, userId),
              eq(chatMessages.clientId, clientId),
            ),
          );
        return row ? { id: row.id, replayed: true } : null;
      };
      const earlier = await sent();
      if (earlier) return earlier;
      const [membership] = await db
        .select({
          // A disabled agency's families are closed: their channels take no message.
          disabled: sql<boolean>`${chatChannels.disabled} or ${entities.status} in ('inactive', 'disabled')`,
          permission: chatChannelMembers.permission,
          role: chatChannelMembers.role,
          active: chatUsers.active,
        })
        .from(chatChannelMembers)
        .innerJoin(chatChannels, eq(chatChannels.id, chatChannelMembers.channelId))
        .innerJoin(chatUsers, eq(chatUsers.id, chatChannelMembers.userId))
        .innerJoin(groups, eq(groups.id, chatChannels.groupId))
        .innerJoin(entities, eq(entities.id, groups.entityId))
        .where(and(eq(chatChannelMembers.channelId, channelId), eq(chatChannelMembers.userId, userId)));
      if (membership?.permission !== 'write' || !membership.active) return { refused: 'not-a-writer' };
      if (membership.disabled) return { refused: 'channel-disabled' };
      const made = await db.transaction(async (tx) => {
        const fileIds = [...new Set(files.map((f) => f.fileId))];
        const rows = fileIds.length
          ? await tx
              .select()
              .from(chatFiles)
              .where(
                and(
                  inArray(chatFiles.id, fileIds),
                  eq(chatFiles.channelId, channelId),
                  eq(chatFiles.uploadedBy, userId),
                  isNull(chatFiles.messageId),
                ),
              )
              .for('update')
          : [];
        if (rows.length !== fileIds.length || fileIds.length !== files.length)
          return { refused: 'file-not-uploaded' as const };
        const byId = new Map(rows.map((r) => [r.id, r]));
        const stored = files.map(({ fileId, title }): StoredAttachment => {
          const file = byId.get(fileId)!;
          return {
            type: file.kind,
            title,
            fileId,
            fileName: file.fileName,
            contentType: file.contentType,
            size: file.byteSize,
            sha256: file.sha256,
            width: file.width,
            height: file.height,
          };
        });
        const [row] = await tx
          .insert(chatMessages)
          .values({
            channelId,
            userId,
            html,
            attachments: [...given, ...stored],
            authorRole: membership.role,
            ...(createdAt ? { createdAt } : {}),
            ...(clientId ? { clientId } : {}),
          })
          .onConflictDoNothing({
            target: [chatMessages.channelId, chatMessages.userId, chatMessages.clientId],
          })
          .returning({ id: chatMessages.id });
        // The same send arrived twice at once: the other one made the message.
        if (!row) return { refused: 'duplicate' as const };
        if (fileIds.length)
          await tx.update(chatFiles).set({ messageId: row.id }).where(inArray(chatFiles.id, fileIds));
        return { id: row.id };
      });
      if ('refused' in made && made.refused === 'duplicate')
        return (await sent()) ?? { refused: 'not-a-writer' };
      return made;
    },

    async flagMessage({ messageId, userId, reason = null }) {
      const [message] = await db
        .select({ channelId: chatMessages.channelId })
        .from(chatMessages)
        .innerJoin(
          chatChannelMembers,
          and(
            eq(chatChannelMembers.channelId, chatMessages.channelId),
            eq(chatChannelMembers.userId, userId),
          ),
        )
        .where(eq(chatMessages.id, messageId));
      if (!message) return false;
      await db
        .insert(chatFlags)
        .values({ messageId, channelId: message.channelId, userId, reason })
        .onConflictDoNothing();
      return true;
    },
  };
}

// The files members upload to the local provider's channels (chat_files): recorded when uploaded,
// found for serving, given a thumbnail once, and forgotten when never sent. The bytes are in the
// storage provider; these are the rows that say which channel, member and message a file belongs to
// (and so which stored objects are anyone's: the sweep of stored files removes the others).
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatFiles } from '../../db/schema-chat.js';
import { isUuid } from '../../lib/app-error.js';
import type { LocalChatActions } from './local-chat-provider.js';

type FileActions = Pick<
  LocalChatActions,
  'recordFile' | 'findFile' | 'setFileThumbnail' | 'deleteUnsentFiles' | 'namedStorageKeys'
>;

export function createLocalChatFiles(db: Db): FileActions {
  return {
    async recordFile(file) {
      const [row] = await db.insert(chatFiles).values(file).returning();
      return row!;
    },

    async findFile(channelId, fileId) {
      if (!isUuid(channelId) || !isUuid(fileId)) return null;
      const [row] = await db
        .select()
        .from(chatFiles)
        .where(and(eq(chatFiles.id, fileId), eq(chatFiles.channelId, channelId)));
      return row ?? null;
    },

    async setFileThumbnail(fileId, thumbnailKey) {
      const rows = await db
        .update(chatFiles)
        .set({ thumbnailKey })
        .where(and(eq(chatFiles.id, fileId), isNull(chatFiles.thumbnailKey)))
        .returning({ id: chatFiles.id });
      return rows.length === 1;
    },

    async deleteUnsentFiles(before, limit) {
      const rows = await db
        .delete(chatFiles)
        .where(
          inArray(
            chatFiles.id,
            db
              .select({ id: chatFiles.id })
              .from(chatFiles)
              .where(and(isNull(chatFiles.messageId), lt(chatFiles.createdAt, before)))
              .limit(limit),
          ),
        )
        .returning({ storageKey: chatFiles.storageKey, thumbnailKey: chatFiles.thumbnailKey });
      const keys = rows.flatMap((r) => [r.storageKey, ...(r.thumbnailKey ? [r.thumbnailKey] : [])]);
      return { count: rows.length, keys };
    },

    async namedStorageKeys(keys) {
      if (keys.length === 0) return new Set();
      const [files, thumbnails] = await Promise.all([
        db.select({ key: chatFiles.storageKey }).from(chatFiles).where(inArray(chatFiles.storageKey, keys)),
        db
          .select({ key: chatFiles.thumbnailKey })
          .from(chatFiles)
          .where(inArray(chatFiles.thumbnailKey, keys)),
      ]);
      return new Set([...files, ...thumbnails].flatMap((r) => (r.key ? [r.key] : [])));
    },
  };
}

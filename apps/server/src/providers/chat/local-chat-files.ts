// The files members upload to the local provider's channels (chat_files): recorded when uploaded,
// found for serving, given a thumbnail once, and forgotten when never sent. The bytes are in the
// storage provider; these are the rows that say which channel, member and message a file belongs to.
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatFiles } from '../../db/schema-chat.js';
import { isUuid } from '../../lib/app-error.js';
import type { LocalChatActions } from './local-chat-provider.js';

type FileActions = Pick<
  LocalChatActions,
  'recordFile' | 'findFile' | 'setFileThumbnail' | 'deleteUnsentFiles'
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
  };
}

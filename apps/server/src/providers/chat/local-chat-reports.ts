// The local provider's reports (chat_flags) as the portal's mirror of reports takes them.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { chatChannels, chatFlags, chatMessages, chatUsers } from '../../db/schema-chat.js';
import type { ProviderReport } from './chat-reports.js';

const authors = alias(chatUsers, 'authors');

async function reportsWhere(db: Db, condition: SQL | undefined): Promise<ProviderReport[]> {
  const rows = await db
    .select({
      groupId: chatChannels.groupId,
      channelId: chatFlags.channelId,
      channelNumber: chatChannels.number,
      messageId: chatFlags.messageId,
      userId: chatFlags.userId,
      userName: chatUsers.name,
      authorId: chatMessages.userId,
      authorName: authors.name,
      reason: chatFlags.reason,
      createdAt: chatFlags.createdAt,
      html: chatMessages.html,
    })
    .from(chatFlags)
    .innerJoin(chatChannels, eq(chatChannels.id, chatFlags.channelId))
    .innerJoin(chatMessages, eq(chatMessages.id, chatFlags.messageId))
    .innerJoin(chatUsers, eq(chatUsers.id, chatFlags.userId))
    .leftJoin(authors, eq(authors.id, chatMessages.userId))
    .where(condition);
  return rows;
}

/** The report one member made of one message (just made: the mirror takes it at once). */
export function localReportOf(db: Db, messageId: string, userId: string): Promise<ProviderReport[]> {
  return reportsWhere(db, and(eq(chatFlags.messageId, messageId), eq(chatFlags.userId, userId)));
}

/** Every report in these families' channels. */
export function localReportsIn(db: Db, groupIds: string[]): Promise<ProviderReport[]> {
  return groupIds.length === 0
    ? Promise.resolve([])
    : reportsWhere(db, inArray(chatChannels.groupId, groupIds));
}

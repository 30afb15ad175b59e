// The local provider's reads of a channel's messages: pages before or after a cursor, the window
// around one message, and search in the channel. The pages and the window are statements prepared
// once that walk the (channel, time, id) btree; search asks with the expression of the GIN index on the
// channel beside the words of the message (MESSAGE_SEARCH_VECTOR).
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatChannels, chatMessages, chatUsers, MESSAGE_SEARCH_VECTOR } from '../../db/schema-chat.js';
import { isUuid } from '../../lib/app-error.js';
import { mappedOnce } from '../../speed-ups/prepared.js';

/** How long one search statement may run (PostgreSQL; PGlite, single-threaded, cannot interrupt one). */
const SEARCH_STATEMENT_TIMEOUT_MS = 5000;

import {
  type ChatMessage,
  type ChatProvider,
  InvalidCursorError,
  type MessagePage,
  type MessageSearchHit,
} from './chat-provider.js';

/**
 * The cursor of the next page is the last message's id, as with Stream; pages are older than that
 * message as the database holds it. (Cursors of an earlier release, `<time>|<id>` in base64url, are
 * still read: a page open across an update goes on where it was.)
 */
function cursorMessageId(cursor: string): string | null {
  if (isUuid(cursor)) return cursor;
  const id = Buffer.from(cursor, 'base64url').toString().split('|')[1] ?? '';
  return isUuid(id) ? id : null;
}

/** A cursor that must name a message: a page after it, or more hits of a search. */
function requiredCursor(cursor: string): string {
  const id = cursorMessageId(cursor);
  if (!id) throw new InvalidCursorError();
  return id;
}

/** Where a page starts: the newest, or relative to the cursor's message as the database holds it. */
type Direction = 'newest' | 'before' | 'after' | 'from';

// The cursor's message as the database holds it: its time has microseconds, which a time carried in
// the cursor (JavaScript's milliseconds) would lose — a gap.
const cursorRow = sql`(select c.created_at, c.id from chat_messages c
  where c.id = ${sql.placeholder('cursor')}::uuid and c.channel_id = ${sql.placeholder('channelId')}::uuid)`;
const position = sql`(${chatMessages.createdAt}, ${chatMessages.id})`;
const RELATIVE: Record<Direction, SQL | undefined> = {
  newest: undefined,
  before: sql`${position} < ${cursorRow}`,
  after: sql`${position} > ${cursorRow}`,
  from: sql`${position} >= ${cursorRow}`,
};

/** A message's fields as every read of one gives them (with its author's name). */
export const messageFields = {
  id: chatMessages.id,
  html: chatMessages.html,
  attachments: chatMessages.attachments,
  createdAt: chatMessages.createdAt,
  userId: chatMessages.userId,
  userName: chatUsers.name,
  clientId: chatMessages.clientId,
};

function ofFamily() {
  return sql`exists (select 1 from chat_channels c
    where c.id = ${sql.placeholder('channelId')}::uuid and c.group_id = ${sql.placeholder('groupId')}::uuid)`;
}

/** A hit as the search's statement answers it. */
interface SearchRow {
  id: string;
  html: string;
  createdAt: string | Date;
  userId: string;
  userName: string;
}

/**
 * The words matched with the GIN index's own expression (MESSAGE_SEARCH_VECTOR), so that PostgreSQL
 * can answer from it; only in the family's channel.
 */
const searchMatches = (input: { groupId: string; channelId: string; q: string }) =>
  and(
    eq(chatMessages.channelId, input.channelId),
    sql`exists (select 1 from chat_channels c
      where c.id = ${input.channelId}::uuid and c.group_id = ${input.groupId}::uuid)`,
    sql`${sql.raw(MESSAGE_SEARCH_VECTOR)} @@ websearch_to_tsquery('english', ${input.q})`,
  );

interface SearchInput {
  groupId: string;
  channelId: string;
  q: string;
  limit: number;
  /** More hits: those older than this message. */
  cursor?: string;
}

/**
 * A page of hits, newest first. Every match is found through the GIN index first (a materialized set,
 * planned without the page's order and limit), the page is the newest of them, and only its rows are
 * read whole. Asked for the newest page directly, PostgreSQL walks the channel's time index backwards,
 * working out each message's words until it has a page: quick for a common word, but for a rare one
 * (or none) it reads the whole channel, and how rare a word is it can only guess. From the index, a rare word costs a few index pages and a common one the sort
 * of its matches' times. Not a named prepared statement: each is planned for its words.
 */
export function messageSearchStatement(runner: Db, input: SearchInput): SQL {
  const matches = runner
    .select({ id: chatMessages.id, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(
      and(
        searchMatches(input),
        input.cursor
          ? sql`${position} < (select c.created_at, c.id from chat_messages c
              where c.id = ${input.cursor}::uuid and c.channel_id = ${input.channelId}::uuid)`
          : undefined,
      ),
    );
  return sql`with matches as materialized (${matches}),
      page as (select id, created_at from matches order by created_at desc, id desc limit ${input.limit})
    select m.id, m.html, m.created_at as "createdAt", m.user_id as "userId", u.name as "userName"
    from page join chat_messages m on m.id = page.id join chat_users u on u.id = m.user_id
    order by page.created_at desc, page.id desc`;
}

export function createLocalMessageReads(
  db: Db,
): Pick<ChatProvider, 'listMessages' | 'messagesAround' | 'searchMessages' | 'firstMessage'> {
  async function channelOf(groupId: string, channelId: string) {
    const [row] = await db
      .select({ id: chatChannels.id })
      .from(chatChannels)
      .where(and(eq(chatChannels.id, channelId), eq(chatChannels.groupId, groupId)));
    return row ?? null;
  }

  /**
   * A page of a channel's messages, each with who reported it (oldest first), in one statement — only
   * if the channel is the family's. Newest first, except after a cursor: the oldest of the newer ones
   * first, so that the index walks forward from the cursor.
   */
  const messagesPage = (direction: Direction) =>
    mappedOnce(
      db
        .select({
          ...messageFields,
          flags: sql<{ userId: string; name: string; reason: string | null; createdAt: string }[]>`coalesce((
          select json_agg(json_build_object('userId', f.user_id, 'name', fu.name, 'reason', f.reason,
                                            'createdAt', f.created_at) order by f.created_at, f.id)
          from chat_flags f join chat_users fu on fu.id = f.user_id
          where f.message_id = ${chatMessages.id}), '[]'::json)`,
        })
        .from(chatMessages)
        .innerJoin(chatUsers, eq(chatUsers.id, chatMessages.userId))
        .where(and(eq(chatMessages.channelId, sql.placeholder('channelId')), ofFamily(), RELATIVE[direction]))
        .orderBy(
          ...(direction === 'after' || direction === 'from'
            ? [asc(chatMessages.createdAt), asc(chatMessages.id)]
            : [desc(chatMessages.createdAt), desc(chatMessages.id)]),
        )
        .limit(sql.placeholder('limit'))
        .prepare(`chat_messages_${direction}`),
    );
  const pages = {
    newest: messagesPage('newest'),
    before: messagesPage('before'),
    after: messagesPage('after'),
    from: messagesPage('from'),
  };
  type Row = Awaited<ReturnType<(typeof pages)['newest']['execute']>>[number];

  const toMessage = (m: Row): ChatMessage => ({
    id: m.id,
    user: { id: m.userId, name: m.userName },
    html: m.html,
    attachments: m.attachments,
    createdAt: m.createdAt,
    clientId: m.clientId,
    flags: m.flags.map((f) => ({ ...f, createdAt: new Date(f.createdAt) })),
  });

  const searchPage = async (runner: Db, input: SearchInput) => {
    const result = (await runner.execute(messageSearchStatement(runner, input))) as unknown as {
      rows: SearchRow[];
    };
    // The drivers give a time as text or as a Date.
    return result.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
  };

  return {
    async listMessages(groupId, channelId, { before, after, limit }): Promise<MessagePage | null> {
      const afterId = after ? requiredCursor(after) : null;
      if (!isUuid(channelId)) return null;
      if (afterId) {
        const rows = await pages.after.execute({ groupId, channelId, limit: limit + 1, cursor: afterId });
        if (rows.length === 0 && !(await channelOf(groupId, channelId))) return null;
        const page = rows.slice(0, limit);
        return {
          messages: page.map(toMessage).reverse(),
          // The cursor's message itself is older than this page.
          nextCursor: page[0]?.id ?? afterId,
          newerCursor: rows.length > limit ? page.at(-1)!.id : null,
        };
      }
      const cursor = before ? cursorMessageId(before) : null;
      const rows = cursor
        ? await pages.before.execute({ groupId, channelId, limit: limit + 1, cursor })
        : await pages.newest.execute({ groupId, channelId, limit: limit + 1 });
      // No row: an empty channel, or none of this family's (not found).
      if (rows.length === 0 && !(await channelOf(groupId, channelId))) return null;
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { messages: page.map(toMessage), nextCursor: rows.length > limit && last ? last.id : null };
    },

    async messagesAround(groupId, channelId, messageId, limit) {
      if (!isUuid(channelId) || !isUuid(messageId)) return null;
      const olderCount = Math.floor((limit - 1) / 2);
      const newerCount = limit - 1 - olderCount;
      // One row more than shown on each side tells whether there is more beyond it.
      const [older, from] = await Promise.all([
        pages.before.execute({ groupId, channelId, limit: olderCount + 1, cursor: messageId }),
        pages.from.execute({ groupId, channelId, limit: newerCount + 2, cursor: messageId }),
      ]);
      // The message starts the rows from it, or it is not in this family's channel.
      if (from[0]?.id !== messageId) return null;
      const newestFirst = [...from.slice(0, newerCount + 1).reverse(), ...older.slice(0, olderCount)];
      return {
        messages: newestFirst.map(toMessage),
        olderCursor: older.length > olderCount ? newestFirst.at(-1)!.id : null,
        newerCursor: from.length > newerCount + 1 ? newestFirst[0]!.id : null,
      };
    },

    async searchMessages(groupId, channelId, { q, before, limit }) {
      const cursor = before ? requiredCursor(before) : null;
      if (!isUuid(channelId)) return null;
      // A search reads a channel's words: bounded in time, so that an expensive one is given up
      // (SEARCH_TIMED_OUT) before it holds a connection the other pages need.
      const found = await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${SEARCH_STATEMENT_TIMEOUT_MS}`));
        const rows = await searchPage(tx as unknown as Db, {
          groupId,
          channelId,
          q,
          limit: limit + 1,
          ...(cursor ? { cursor } : {}),
        });
        // Counted on the first page only (from the same GIN index); a page that holds them all is the count.
        let total: number | null = null;
        if (!cursor && rows.length > limit) {
          const [counted] = await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(chatMessages)
            .where(searchMatches({ groupId, channelId, q }));
          total = counted?.n ?? 0;
        } else if (!cursor) total = rows.length;
        return { rows, total };
      });
      const { rows, total } = found;
      if (rows.length === 0 && !(await channelOf(groupId, channelId))) return null;
      const page = rows.slice(0, limit);
      return {
        total,
        hits: page.map(
          (r): MessageSearchHit => ({
            id: r.id,
            user: { id: r.userId, name: r.userName },
            html: r.html,
            createdAt: r.createdAt,
          }),
        ),
        nextCursor: rows.length > limit ? page.at(-1)!.id : null,
      };
    },

    async firstMessage(groupId, channelId, from) {
      if (!isUuid(channelId) || !(await channelOf(groupId, channelId))) return null;
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.channelId, channelId),
            from ? sql`${chatMessages.createdAt} >= ${from.toISOString()}` : undefined,
          ),
        )
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
        .limit(1);
      return { id: row?.id ?? null };
    },
  };
}

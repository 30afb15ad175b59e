// Queries of the member chat API: family members by e-mail, and the channels a member is in (the
// local chat provider's tables: this API exists only with that provider).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { entities, groups } from '../../db/schema.js';
import {
  chatChannelMembers,
  chatChannels,
  chatMessages,
  chatUsers,
  memberSessions,
} from '../../db/schema-chat.js';
import { familyMembers, groupMembers } from '../../db/schema-families.js';
import { isUuid } from '../../lib/app-error.js';

/**
 * A member may use the chat while active in at least one family of an agency that is not disabled:
 * deactivated everywhere, or their agency disabled, their sessions end and no code signs them in.
 */
const activeSomewhere = sql`exists (
  select 1 from ${groupMembers}
  join ${groups} on ${groups.id} = ${groupMembers.groupId}
  join ${entities} on ${entities.id} = ${groups.entityId}
  where ${groupMembers.memberId} = ${familyMembers.id} and ${groupMembers.active}
    and ${entities.status} not in ('inactive', 'disabled'))`;

const memberFields = {
  id: familyMembers.id,
  email: familyMembers.email,
  firstName: familyMembers.firstName,
  lastName: familyMembers.lastName,
};

/** A person who may use the chat, by e-mail (case-insensitive). */
export async function findActiveMemberByEmail(db: Db, email: string) {
  const [row] = await db
    .select(memberFields)
    .from(familyMembers)
    .where(and(sql`lower(${familyMembers.email}) = ${email.toLowerCase()}`, activeSomewhere));
  return row ? { ...row, email: row.email ?? email } : null;
}

/**
 * The member a token names, while it still may use the chat with the address it was issued for and
 * its session on that device is open (not signed out, not ended by a reuse, not expired).
 */
export async function findSignedInMember(db: Db, memberId: string, email: string, sessionId: string) {
  if (!isUuid(memberId) || !isUuid(sessionId)) return null;
  const [row] = await db
    .select(memberFields)
    .from(familyMembers)
    .where(
      and(
        eq(familyMembers.id, memberId),
        sql`lower(${familyMembers.email}) = ${email.toLowerCase()}`,
        activeSomewhere,
        sql`exists (select 1 from ${memberSessions} where ${memberSessions.id} = ${sessionId}
          and ${memberSessions.memberId} = ${familyMembers.id} and ${memberSessions.revokedAt} is null
          and ${memberSessions.expiresAt} > now())`,
      ),
    );
  return row ?? null;
}

/**
 * The member of a media token (a picture's address in the families' app): the member whose session
 * it names, while that session is open and the member still uses the chat with the session's address.
 */
export async function findMemberOfSession(db: Db, memberId: string, sessionId: string) {
  if (!isUuid(memberId) || !isUuid(sessionId)) return null;
  const [row] = await db
    .select({ ...memberFields, sessionEmail: memberSessions.email })
    .from(familyMembers)
    .innerJoin(memberSessions, eq(memberSessions.memberId, familyMembers.id))
    .where(
      and(
        eq(familyMembers.id, memberId),
        eq(memberSessions.id, sessionId),
        sql`${memberSessions.revokedAt} is null and ${memberSessions.expiresAt} > now()`,
        sql`lower(${familyMembers.email}) = ${memberSessions.email}`,
        activeSomewhere,
      ),
    );
  return row ?? null;
}

/**
 * The channels this member is in, with their family, the member's permission there, and what makes
 * the channel read-only for them (a disabled channel or agency; the member inactive in that family).
 */
export async function listMemberChannels(db: Db, memberId: string) {
  if (!isUuid(memberId)) return [];
  return db
    .select({
      id: chatChannels.id,
      number: chatChannels.number,
      channelDisabled: chatChannels.disabled,
      entityClosed: sql<boolean>`${entities.status} in ('inactive', 'disabled')`,
      permission: chatChannelMembers.permission,
      familyId: groups.id,
      familyName: groups.name,
      childFirstName: groups.childFirstName,
      childLastName: groups.childLastName,
      activeHere: sql<boolean>`${chatUsers.active} and coalesce((select ${groupMembers.active}
        from ${groupMembers} where ${groupMembers.groupId} = ${groups.id}
        and ${groupMembers.memberId} = ${memberId}::uuid), false)`,
    })
    .from(chatChannelMembers)
    .innerJoin(chatChannels, eq(chatChannels.id, chatChannelMembers.channelId))
    .innerJoin(chatUsers, eq(chatUsers.id, chatChannelMembers.userId))
    .innerJoin(groups, eq(groups.id, chatChannels.groupId))
    .innerJoin(entities, eq(entities.id, groups.entityId))
    .where(eq(chatChannelMembers.userId, memberId))
    .orderBy(asc(groups.createdAt), asc(chatChannels.number));
}

/** Who is in these channels: ids, roles and whether they may still write (names come from the families). */
export async function membersOfChannels(db: Db, channelIds: string[]) {
  const ids = channelIds.filter(isUuid);
  if (ids.length === 0) return [];
  return db
    .select({
      channelId: chatChannelMembers.channelId,
      userId: chatChannelMembers.userId,
      role: chatChannelMembers.role,
      active: chatUsers.active,
    })
    .from(chatChannelMembers)
    .innerJoin(chatUsers, eq(chatUsers.id, chatChannelMembers.userId))
    .where(inArray(chatChannelMembers.channelId, ids));
}

/**
 * For each channel: how many messages of others follow the member's read mark (counted up to `cap`),
 * and the newest message. One statement; each count and each newest message is a walk of the
 * channel's (channel, time, id) index.
 */
export async function channelActivity(db: Db, memberId: string, channelIds: string[], cap: number) {
  const ids = channelIds.filter(isUuid);
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  type Row = {
    channel_id: string;
    unread: number;
    last_id: string | null;
    last_html: string | null;
    last_attachments: number | null;
    last_created_at: string | Date | null;
    last_user_id: string | null;
  };
  const result = (await db.execute(sql`
    select c.id as channel_id,
      (select count(*) from (select 1 from chat_messages m
         where m.channel_id = c.id and m.user_id <> ${memberId}
           and (r.message_id is null or (m.created_at, m.id) > (r.message_created_at, r.message_id))
         limit ${cap}) u)::int as unread,
      last.id as last_id, last.html as last_html, last.attachments as last_attachments,
      last.created_at as last_created_at, last.user_id as last_user_id
    from chat_channels c
    left join chat_reads r on r.channel_id = c.id and r.user_id = ${memberId}
    left join lateral (select m.id, m.html, jsonb_array_length(m.attachments) as attachments,
        m.created_at, m.user_id
      from chat_messages m where m.channel_id = c.id
      order by m.created_at desc, m.id desc limit 1) last on true
    where c.id in (${list})`)) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({
    channelId: row.channel_id,
    unread: Number(row.unread),
    last:
      row.last_id && row.last_created_at && row.last_user_id
        ? {
            id: row.last_id,
            html: row.last_html ?? '',
            attachments: Number(row.last_attachments ?? 0),
            createdAt: new Date(row.last_created_at),
            userId: row.last_user_id,
          }
        : null,
  }));
}

/**
 * Moves the member's read mark of the channel to this message of it, never back to an older one.
 * False when the message is not in the channel.
 */
export async function markRead(db: Db, memberId: string, channelId: string, messageId: string) {
  if (!isUuid(channelId) || !isUuid(messageId)) return false;
  // The message's time is copied in the database: read into JavaScript it would lose its microseconds,
  // and the message itself would count as unread after it.
  const result = (await db.execute(sql`
    with message as (
      select id, created_at from chat_messages where id = ${messageId}::uuid and channel_id = ${channelId}::uuid
    ), marked as (
      insert into chat_reads (channel_id, user_id, message_id, message_created_at)
      select ${channelId}::uuid, ${memberId}, id, created_at from message
      on conflict (channel_id, user_id) do update
        set message_id = excluded.message_id, message_created_at = excluded.message_created_at,
          updated_at = now()
        where (chat_reads.message_created_at, chat_reads.message_id)
          < (excluded.message_created_at, excluded.message_id)
      returning 1
    )
    select (select count(*) from message)::int as found`)) as unknown as { rows: { found: number }[] };
  return Number(result.rows[0]?.found ?? 0) > 0;
}

/** A message as the families' app shows it, with its channel's family (for the family's names). */
export async function findChannelMessage(db: Db, channelId: string, messageId: string) {
  if (!isUuid(channelId) || !isUuid(messageId)) return null;
  const [row] = await db
    .select({
      id: chatMessages.id,
      channelId: chatMessages.channelId,
      groupId: chatChannels.groupId,
      userId: chatMessages.userId,
      userName: chatUsers.name,
      html: chatMessages.html,
      attachments: chatMessages.attachments,
      createdAt: chatMessages.createdAt,
      clientId: chatMessages.clientId,
    })
    .from(chatMessages)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
    .innerJoin(chatUsers, eq(chatUsers.id, chatMessages.userId))
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.channelId, channelId)));
  return row ?? null;
}

/**
 * The members of a channel who may read it live now, as "<member id>|<e-mail>" (lower case): in the
 * channel, and still allowed to use the chat with that address. A stream whose member is not among
 * them ends.
 */
export async function liveReaders(db: Db, channelId: string): Promise<Set<string>> {
  if (!isUuid(channelId)) return new Set();
  const rows = await db
    .select({ id: familyMembers.id, email: familyMembers.email })
    .from(chatChannelMembers)
    .innerJoin(familyMembers, sql`${familyMembers.id}::text = ${chatChannelMembers.userId}`)
    .where(and(eq(chatChannelMembers.channelId, channelId), activeSomewhere));
  return new Set(rows.map((r) => `${r.id}|${(r.email ?? '').toLowerCase()}`));
}

/** The family of a channel the member is in; null when they are not in it (or it does not exist). */
export async function channelFamilyOfMember(
  db: Db,
  memberId: string,
  channelId: string,
): Promise<string | null> {
  if (!isUuid(channelId)) return null;
  const [row] = await db
    .select({ groupId: chatChannels.groupId })
    .from(chatChannelMembers)
    .innerJoin(chatChannels, eq(chatChannels.id, chatChannelMembers.channelId))
    .where(and(eq(chatChannelMembers.channelId, channelId), eq(chatChannelMembers.userId, memberId)));
  return row?.groupId ?? null;
}

/** Whether the member may post in the channel now: a writer, active, and the channel not disabled. */
export async function channelWriteState(
  db: Db,
  memberId: string,
  channelId: string,
): Promise<'writer' | 'not-a-writer' | 'channel-disabled' | null> {
  if (!isUuid(channelId)) return null;
  const [row] = await db
    .select({
      permission: chatChannelMembers.permission,
      // A disabled agency's families are closed, as the chat provider says when a message is posted.
      disabled: sql<boolean>`${chatChannels.disabled} or ${entities.status} in ('inactive', 'disabled')`,
    })
    .from(chatChannelMembers)
    .innerJoin(chatChannels, eq(chatChannels.id, chatChannelMembers.channelId))
    .innerJoin(groups, eq(groups.id, chatChannels.groupId))
    .innerJoin(entities, eq(entities.id, groups.entityId))
    .where(and(eq(chatChannelMembers.channelId, channelId), eq(chatChannelMembers.userId, memberId)));
  if (!row) return null;
  if (row.permission !== 'write') return 'not-a-writer';
  return row.disabled ? 'channel-disabled' : 'writer';
}

// Queries of the families' app's notifications: members' choices, the channels whose unread-messages
// e-mails may be due and who gets one, and the browsers' push subscriptions.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatUnreadDue, memberPreferences, memberPushSubscriptions } from '../../db/schema-chat.js';
import { isUuid } from '../../lib/app-error.js';

/** The family's name as members see it: its own, or its child's. */
const familyNameSql = sql.raw(`coalesce(g.name, concat_ws(' ', g.child_first_name, g.child_last_name))`);

export interface Preferences {
  emailUnread: boolean;
  language: 'en' | 'es' | null;
}

export async function findPreferences(db: Db, memberId: string): Promise<Preferences> {
  const [row] = await db
    .select({ emailUnread: memberPreferences.emailUnread, language: memberPreferences.language })
    .from(memberPreferences)
    .where(eq(memberPreferences.memberId, memberId));
  return row ?? { emailUnread: true, language: null };
}

export async function savePreferences(
  db: Db,
  memberId: string,
  change: Partial<Preferences>,
): Promise<Preferences> {
  const [row] = await db
    .insert(memberPreferences)
    .values({ memberId, ...change })
    .onConflictDoUpdate({ target: memberPreferences.memberId, set: { ...change, updatedAt: sql`now()` } })
    .returning({ emailUnread: memberPreferences.emailUnread, language: memberPreferences.language });
  return row!;
}

/** A post in the channel: its e-mails are due once it has been quiet until `dueAt`. */
export async function markUnreadDue(db: Db, channelId: string, dueAt: Date): Promise<void> {
  await db
    .insert(chatUnreadDue)
    .values({ channelId, dueAt })
    .onConflictDoUpdate({ target: chatUnreadDue.channelId, set: { dueAt } });
}

/** Channels whose quiet period is over, the longest waiting first. */
export async function findDueChannels(db: Db, now: Date, limit: number) {
  return db
    .select({ channelId: chatUnreadDue.channelId, dueAt: chatUnreadDue.dueAt })
    .from(chatUnreadDue)
    .where(sql`${chatUnreadDue.dueAt} <= ${now.toISOString()}::timestamptz`)
    .orderBy(chatUnreadDue.dueAt)
    .limit(limit);
}

/**
 * The channel is done until `next` (a member held back by the hourly limit), or done (null). Only if
 * no post moved its time meanwhile: a newer post's own wait stands.
 */
export async function settleDueChannel(db: Db, channelId: string, dueAt: Date, next: Date | null) {
  const same = and(
    eq(chatUnreadDue.channelId, channelId),
    sql`${chatUnreadDue.dueAt} = ${dueAt.toISOString()}::timestamptz`,
  );
  if (next) await db.update(chatUnreadDue).set({ dueAt: next }).where(same);
  else await db.delete(chatUnreadDue).where(same);
}

export interface UnreadRecipient {
  channelId: string;
  memberId: string;
  email: string;
  firstName: string;
  familyName: string;
  language: 'en' | 'es' | null;
  unread: number;
  /** The newest unread message's time, as PostgreSQL wrote it (microseconds kept). */
  newest: string;
  /** When the hourly limit lets this member have the channel's next e-mail; null: now. */
  heldUntil: Date | null;
}

/**
 * The members of the channel with messages of others they have neither read nor been told of: in the
 * channel, active in its family, the agency and channel open, e-mails not turned off. `heldUntil` says
 * who had the channel's e-mail within the last hour.
 */
export async function unreadRecipients(db: Db, channelId: string, now: Date): Promise<UnreadRecipient[]> {
  if (!isUuid(channelId)) return [];
  const at = now.toISOString();
  type Row = {
    member_id: string;
    email: string;
    first_name: string;
    family_name: string;
    language: 'en' | 'es' | null;
    unread: number;
    newest: string;
    held_until: string | Date | null;
  };
  const result = (await db.execute(sql`
    select fm.id as member_id, fm.email, coalesce(gm.first_name, fm.first_name) as first_name,
      ${familyNameSql} as family_name, p.language,
      u.unread, u.newest::text as newest,
      case when um.sent_at > ${at}::timestamptz - interval '1 hour'
        then um.sent_at + interval '1 hour' end as held_until
    from chat_channel_members cm
    join chat_channels c on c.id = cm.channel_id and not c.disabled
    join groups g on g.id = c.group_id
    join entities e on e.id = g.entity_id and e.status not in ('inactive', 'disabled')
    join family_members fm on fm.id::text = cm.user_id and fm.email is not null
    join group_members gm on gm.group_id = g.id and gm.member_id = fm.id and gm.active
    left join member_preferences p on p.member_id = fm.id
    left join chat_reads r on r.channel_id = c.id and r.user_id = cm.user_id
    left join chat_unread_mails um on um.channel_id = c.id and um.user_id = cm.user_id
    join lateral (
      select count(*)::int as unread, max(m.created_at) as newest from (
        select m.created_at from chat_messages m
        where m.channel_id = c.id and m.user_id <> cm.user_id
          and (r.message_id is null or (m.created_at, m.id) > (r.message_created_at, r.message_id))
          and (um.covered_until is null or m.created_at > um.covered_until)
        order by m.created_at desc limit 100) m
    ) u on u.unread > 0
    where cm.channel_id = ${channelId}::uuid and coalesce(p.email_unread, true)`)) as unknown as {
    rows: Row[];
  };
  return result.rows.map((row) => ({
    channelId,
    memberId: row.member_id,
    email: row.email,
    firstName: row.first_name,
    familyName: row.family_name,
    language: row.language,
    unread: Number(row.unread),
    newest: row.newest,
    heldUntil: row.held_until ? new Date(row.held_until) : null,
  }));
}

/** The member was told of the channel's messages up to `newest`, now. */
export async function recordUnreadMail(
  db: Db,
  input: { channelId: string; memberId: string; newest: string; sentAt: Date },
) {
  await db.execute(sql`
    insert into chat_unread_mails (channel_id, user_id, sent_at, covered_until)
    values (${input.channelId}::uuid, ${input.memberId}, ${input.sentAt.toISOString()}::timestamptz,
      ${input.newest}::timestamptz)
    on conflict (channel_id, user_id) do update
      set sent_at = excluded.sent_at, covered_until = excluded.covered_until`);
}

export async function saveSubscription(
  db: Db,
  input: { memberId: string; sessionId: string; endpoint: string; p256dh: string; auth: string },
) {
  // A browser keeps its endpoint across sign-ins: the newest session that subscribed owns it.
  await db
    .insert(memberPushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: memberPushSubscriptions.endpoint,
      set: {
        memberId: input.memberId,
        sessionId: input.sessionId,
        p256dh: input.p256dh,
        auth: input.auth,
        createdAt: sql`now()`,
      },
    });
}

export async function deleteSubscription(db: Db, memberId: string, endpoint: string) {
  await db
    .delete(memberPushSubscriptions)
    .where(
      and(eq(memberPushSubscriptions.memberId, memberId), eq(memberPushSubscriptions.endpoint, endpoint)),
    );
}

export async function deleteSubscriptionsOfSession(db: Db, sessionId: string) {
  if (!isUuid(sessionId)) return;
  await db.delete(memberPushSubscriptions).where(eq(memberPushSubscriptions.sessionId, sessionId));
}

export async function deleteSubscriptionsById(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(memberPushSubscriptions).where(inArray(memberPushSubscriptions.id, ids));
}

export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: 'en' | 'es' | null;
  familyName: string;
}

/**
 * The subscriptions of the members who may read the channel now, but the writer: in the channel,
 * active in its family, the agency open, on a session that is still open.
 */
export async function pushTargets(db: Db, channelId: string, writerId: string): Promise<PushTarget[]> {
  if (!isUuid(channelId)) return [];
  const result = (await db.execute(sql`
    select s.id, s.endpoint, s.p256dh, s.auth, p.language, ${familyNameSql} as "familyName"
    from chat_channel_members cm
    join chat_channels c on c.id = cm.channel_id
    join groups g on g.id = c.group_id
    join entities e on e.id = g.entity_id and e.status not in ('inactive', 'disabled')
    join family_members fm on fm.id::text = cm.user_id
    join group_members gm on gm.group_id = g.id and gm.member_id = fm.id and gm.active
    join member_push_subscriptions s on s.member_id = fm.id
    join member_sessions ms on ms.id = s.session_id and ms.revoked_at is null and ms.expires_at > now()
      and ms.email = lower(fm.email)
    left join member_preferences p on p.member_id = fm.id
    where cm.channel_id = ${channelId}::uuid and cm.user_id <> ${writerId}`)) as unknown as {
    rows: PushTarget[];
  };
  return result.rows;
}

// Queries of the member chat API: family members by e-mail, and the channels a member is in (the
// local chat provider's tables: this API exists only with that provider).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { entities, groups } from '../../db/schema.js';
import { chatChannelMembers, chatChannels } from '../../db/schema-chat.js';
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

/** The member a token names, while it still may use the chat with the address it was issued for. */
export async function findSignedInMember(db: Db, memberId: string, email: string) {
  if (!isUuid(memberId)) return null;
  const [row] = await db
    .select(memberFields)
    .from(familyMembers)
    .where(
      and(
        eq(familyMembers.id, memberId),
        sql`lower(${familyMembers.email}) = ${email.toLowerCase()}`,
        activeSomewhere,
      ),
    );
  return row ?? null;
}

/** The channels this member is in, with the member's permission there. */
export async function listMemberChannels(db: Db, memberId: string) {
  return db
    .select({
      id: chatChannels.id,
      number: chatChannels.number,
      disabled: chatChannels.disabled,
      permission: chatChannelMembers.permission,
    })
    .from(chatChannelMembers)
    .innerJoin(chatChannels, eq(chatChannels.id, chatChannelMembers.channelId))
    .where(eq(chatChannelMembers.userId, memberId))
    .orderBy(asc(chatChannels.createdAt));
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

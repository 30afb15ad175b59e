// Queries of the member chat API: family members by e-mail, and the channels a member is in (the
// local chat provider's tables: this API exists only with that provider).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatChannelMembers, chatChannels } from '../../db/schema-chat.js';
import { familyMembers, groupMembers } from '../../db/schema-families.js';
import { isUuid } from '../../lib/app-error.js';

/** A person who is an active member of at least one family, by e-mail (case-insensitive). */
export async function findActiveMemberByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: familyMembers.id, firstName: familyMembers.firstName, lastName: familyMembers.lastName })
    .from(familyMembers)
    .where(
      and(
        sql`lower(${familyMembers.email}) = ${email.toLowerCase()}`,
        sql`exists (select 1 from ${groupMembers} where ${groupMembers.memberId} = ${familyMembers.id} and ${groupMembers.active})`,
      ),
    );
  return row ?? null;
}

export async function findMemberById(db: Db, memberId: string) {
  if (!isUuid(memberId)) return null;
  const [row] = await db
    .select({ id: familyMembers.id, firstName: familyMembers.firstName, lastName: familyMembers.lastName })
    .from(familyMembers)
    .where(eq(familyMembers.id, memberId));
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

export async function isChannelMember(db: Db, memberId: string, channelId: string): Promise<boolean> {
  if (!isUuid(channelId)) return false;
  const [row] = await db
    .select({ channelId: chatChannelMembers.channelId })
    .from(chatChannelMembers)
    .where(and(eq(chatChannelMembers.channelId, channelId), eq(chatChannelMembers.userId, memberId)));
  return Boolean(row);
}

/** Whether the member may post in the channel now: a writer, active, and the channel not disabled. */
export async function channelWriteState(
  db: Db,
  memberId: string,
  channelId: string,
): Promise<'writer' | 'not-a-writer' | 'channel-disabled' | null> {
  if (!isUuid(channelId)) return null;
  const [row] = await db
    .select({ permission: chatChannelMembers.permission, disabled: chatChannels.disabled })
    .from(chatChannelMembers)
    .innerJoin(chatChannels, eq(chatChannels.id, chatChannelMembers.channelId))
    .where(and(eq(chatChannelMembers.channelId, channelId), eq(chatChannelMembers.userId, memberId)));
  if (!row) return null;
  if (row.permission !== 'write') return 'not-a-writer';
  return row.disabled ? 'channel-disabled' : 'writer';
}

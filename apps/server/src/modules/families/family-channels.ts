// A family's chat channels, made from its members through the chat provider (ctx.chat):
// - one channel per birth family member (key: their id), with every adoptive parent and them, able to
//   write; the child joins each channel read-only when they have an e-mail (they can sign in);
// - a member deactivated on the family page keeps reading their channels of that family but can no
//   longer write there; at the provider a person is active while they are active in at least one family;
// - a birth family member who leaves the family: their channel keeps its history, without them, disabled;
// - syncing again keeps every channel and its messages (ensureChannel finds them by key);
// - the names this family gives its people are kept for its conversations (db/family-names.ts), even
//   after someone leaves; the provider gets the person's own name only, which no family's save changes
//   once another entity's family holds the person, and which the portal never shows for them.
import { joinName } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { saveFamilyNames } from '../../db/family-names.js';
import type { ChannelMemberInput } from '../../providers/chat/chat-provider.js';
import * as repo from './members.repository.js';

export async function syncFamilyChannels(
  ctx: Pick<AppContext, 'db' | 'chat'>,
  entityId: string,
  groupId: string,
  left: { memberId: string; role: repo.MemberRole }[] = [],
): Promise<void> {
  const members = await repo.findMembers(ctx.db, entityId, groupId);
  await saveFamilyNames(
    ctx.db,
    groupId,
    members.map((m) => ({ memberId: m.id, firstName: m.firstName, lastName: m.lastName })),
  );
  const people = await repo.findOwnNames(
    ctx.db,
    members.map((m) => m.id),
  );
  await ctx.chat.upsertUsers(people.map((p) => ({ id: p.id, name: joinName(p.firstName, p.lastName) })));

  const permission = (member: repo.MemberRow) => (member.active ? 'write' : 'read');
  const adoptive: ChannelMemberInput[] = members
    .filter((m) => m.role === 'adoptive_parent')
    .map((m) => ({ userId: m.id, role: 'adoptive_parent', permission: permission(m) }));
  const child = members.find((m) => m.role === 'child' && m.email);
  const readers: ChannelMemberInput[] = child
    ? [{ userId: child.id, role: 'child', permission: 'read' }]
    : [];

  for (const birth of members.filter((m) => m.role === 'birth_family')) {
    await ctx.chat.ensureChannel({
      groupId,
      key: birth.id,
      members: [
        ...adoptive,
        { userId: birth.id, role: 'birth_family', permission: permission(birth) },
        ...readers,
      ],
    });
  }

  const departed = left.filter((l) => l.role === 'birth_family' && !members.some((m) => m.id === l.memberId));
  if (departed.length > 0) {
    const channels = await ctx.chat.listChannels(groupId);
    for (const { memberId } of departed) {
      const channel = channels.find((c) =>
        c.members.some((m) => m.userId === memberId && m.role === 'birth_family'),
      );
      if (!channel) continue;
      await ctx.chat.ensureChannel({ groupId, key: memberId, members: [...adoptive, ...readers] });
      await ctx.chat.setChannelDisabled(groupId, channel.id, true);
    }
  }

  const everyone = [...new Set([...members.map((m) => m.id), ...left.map((l) => l.memberId)])];
  const active = await repo.activeSomewhere(ctx.db, everyone);
  for (const id of everyone) await ctx.chat.setUserActive(id, active.has(id));
}

// The live bench's members: the scale seed's families (a child, two adoptive parents and a birth parent,
// in one channel per family; the child, read-only, only in every other family, where it has an e-mail),
// the first `count` channel members with an e-mail, each with a device session of their own
// (member_sessions) and a member token for it, signed with the processes' key (JWT_SECRET) by the built
// server's own code, as the code exchange would issue it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-state.mjs';
import { withClient } from './load-seed.mjs';

/** People in a channel per family of the scale seed, on average: 4 and 3 in turn. */
const MEMBERS_PER_FAMILY = 3.5;

/** Families enough for `count` members in channels. */
export const familiesFor = (count) => Math.ceil(count / MEMBERS_PER_FAMILY) + 1;

/** One of 65 536 client addresses, so that the per-address limits see each member as a device of its own. */
const addressOf = (n) => `10.77.${n >> 8}.${n & 255}`;

/**
 * `count` members, channel after channel: { memberId, email, channelId, writer, token, address }.
 * `secret` is the JWT_SECRET the server processes run with.
 */
export async function membersWithTokens(dbUrl, count, secret) {
  const dist = (file) => pathToFileURL(path.join(root, 'apps/server/dist', file)).href;
  const { importTokenKey } = await import(dist('modules/auth/token-key.js'));
  const { signMemberToken } = await import(dist('modules/chat/member-tokens.js'));
  const rows = await withClient(dbUrl, async (c) => {
    const { rows: members } = await c.query(
      `select cm.channel_id as "channelId", m.id as "memberId", lower(m.email) as email,
          cm.permission = 'write' as writer
        from chat_channel_members cm
        join chat_channels ch on ch.id = cm.channel_id
        join family_members m on m.id::text = cm.user_id
        where m.email is not null
        order by ch.created_at desc, ch.id, m.id
        limit $1`,
      [count],
    );
    const { rows: sessions } = await c.query(
      `insert into member_sessions (member_id, email, token_hash, expires_at)
        select member_id, email, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), now() + interval '1 day'
        from unnest($1::uuid[], $2::text[]) as s(member_id, email)
        returning id, member_id as "memberId"`,
      [members.map((m) => m.memberId), members.map((m) => m.email)],
    );
    const sessionOf = new Map(sessions.map((s) => [s.memberId, s.id]));
    return members.map((m) => ({ ...m, sessionId: sessionOf.get(m.memberId) }));
  });
  if (rows.length < count) throw new Error(`the seed made ${rows.length} members in channels, not ${count}`);
  const key = await importTokenKey(secret);
  return Promise.all(
    rows.map(async ({ sessionId, ...member }, n) => ({
      ...member,
      token: await signMemberToken(key, { id: member.memberId, email: member.email }, sessionId),
      address: addressOf(n),
    })),
  );
}

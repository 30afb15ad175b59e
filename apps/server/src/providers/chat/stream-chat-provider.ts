// CHAT_PROVIDER=stream: the family channels live at Stream, reached through the official server SDK
// (`stream-chat`, signed with STREAM_API_KEY / STREAM_API_SECRET). What Stream has no field for is kept
// in the channel's custom data: the family (`bt_group_id`), the channel's key within it (`bt_key`),
// its number ('Channel n', `bt_number`) and each member's role and permission (`bt_permissions`, which
// the family app enforces). A disabled channel is a frozen one: Stream refuses new messages in it.
import { createHash } from 'node:crypto';
import { type ChannelAPIResponse, type ChannelFilters, type MessageResponse, StreamChat } from 'stream-chat';
import {
  type ChannelMemberInput,
  type ChannelSummary,
  type ChatMemberRole,
  type ChatMessage,
  type ChatPermission,
  type ChatProvider,
  InvalidCursorError,
  type MessagePage,
} from './chat-provider.js';

const CHANNEL_TYPE = 'messaging';
/** The user Stream records as the creator of the channels the portal makes. */
const PORTAL_USER_ID = 'bridge-talk-portal';
/** Stream answers at most this many channels, and this many flags, per query. */
const CHANNEL_PAGE = 30;
const FLAG_PAGE = 100;
/** A Stream channel or message id: what this provider makes, and what Stream makes. */
const STREAM_ID = /^[\w-]{1,64}$/;

interface PortalChannelData {
  bt_group_id?: string;
  bt_key?: string;
  bt_number?: number;
  bt_permissions?: Record<string, { role: ChatMemberRole; permission: ChatPermission }>;
}

export interface StreamChatOptions {
  apiKey: string;
  apiSecret: string;
  /** Another API host (tests point the SDK at a local stand-in). */
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

/** The channel of a family for a key: the same id every time, so a repeated sync finds it. */
export function streamChannelId(groupId: string, key: string): string {
  return `bt-${createHash('sha256').update(`${groupId}:${key}`).digest('hex').slice(0, 40)}`;
}

function permissionsOf(members: ChannelMemberInput[]): PortalChannelData['bt_permissions'] {
  return Object.fromEntries(members.map((m) => [m.userId, { role: m.role, permission: m.permission }]));
}

export function createStreamChatProvider(options: StreamChatOptions): ChatProvider {
  const client = new StreamChat(options.apiKey, options.apiSecret, {
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    // A server keeps no client-side channel state: every answer is read once and mapped.
    disableCache: true,
    timeout: options.timeoutMs ?? 10_000,
  });

  async function queryAll(filter: ChannelFilters, limitTotal = 1000): Promise<ChannelAPIResponse[]> {
    const found: ChannelAPIResponse[] = [];
    for (let offset = 0; offset < limitTotal; offset += CHANNEL_PAGE) {
      const page = await client.queryChannelsRequest(filter, [{ created_at: 1 }], {
        limit: CHANNEL_PAGE,
        offset,
        state: true,
        watch: false,
        presence: false,
        message_limit: 0,
        member_limit: 100,
      });
      found.push(...page);
      if (page.length < CHANNEL_PAGE) break;
    }
    return found;
  }

  async function channelOf(groupId: string, channelId: string): Promise<ChannelAPIResponse | null> {
    if (!STREAM_ID.test(channelId)) return null;
    const [found] = await queryAll({ type: CHANNEL_TYPE, id: channelId } as ChannelFilters, 1);
    return found && (found.channel as PortalChannelData).bt_group_id === groupId ? found : null;
  }

  /** Every flag on messages of these channels, oldest first. */
  async function flagsOf(cids: string[]) {
    const flags: {
      messageId: string;
      cid: string;
      userId: string;
      name: string;
      authorId: string | null;
      authorName: string | null;
      reason: string | null;
      createdAt: Date;
      html: string;
    }[] = [];
    for (let i = 0; i < cids.length; i += FLAG_PAGE) {
      const chunk = cids.slice(i, i + FLAG_PAGE);
      for (let offset = 0; ; offset += FLAG_PAGE) {
        const answer = await client.queryMessageFlags(
          { channel_cid: { $in: chunk } },
          { limit: FLAG_PAGE, offset },
        );
        const page = answer.flags ?? [];
        for (const flag of page) {
          flags.push({
            messageId: flag.message.id,
            cid: flag.message.cid ?? '',
            userId: flag.user.id,
            name: flag.user.name ?? flag.user.id,
            authorId: flag.message.user?.id ?? null,
            authorName: flag.message.user?.name ?? flag.message.user?.id ?? null,
            reason: ((flag as { reason?: string }).reason ?? null) || null,
            createdAt: new Date(flag.created_at ?? 0),
            html: flag.message.html || flag.message.text || '',
          });
        }
        if (page.length < FLAG_PAGE) break;
      }
    }
    return flags.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  function toSummary(found: ChannelAPIResponse): ChannelSummary {
    const data = found.channel as PortalChannelData & typeof found.channel;
    const permissions = data.bt_permissions ?? {};
    return {
      id: found.channel.id,
      number: data.bt_number ?? 0,
      disabled: Boolean(found.channel.frozen),
      createdAt: new Date(found.channel.created_at ?? 0),
      members: (found.members ?? [])
        .filter((m) => (m.user_id ?? m.user?.id) && permissions[(m.user_id ?? m.user?.id)!])
        .map((m) => {
          const userId = (m.user_id ?? m.user?.id)!;
          const { role, permission } = permissions[userId]!;
          return { userId, name: m.user?.name ?? userId, role, permission, active: !m.user?.deactivated_at };
        })
        .sort((a, b) => a.role.localeCompare(b.role) || a.name.localeCompare(b.name)),
    };
  }

  function toMessage(message: MessageResponse, flags: Awaited<ReturnType<typeof flagsOf>>): ChatMessage {
    return {
      id: message.id,
      user: { id: message.user?.id ?? '', name: message.user?.name ?? message.user?.id ?? '' },
      html: message.html ?? '',
      attachments: (message.attachments ?? []).flatMap((a): ChatMessage['attachments'] => {
        if (a.type === 'image' && a.image_url)
          return [{ type: 'image' as const, url: a.image_url, title: a.title ?? null }];
        if (a.type === 'video' && a.asset_url)
          return [
            {
              type: 'video' as const,
              url: a.asset_url,
              title: a.title ?? null,
              ...(a.thumb_url ? { posterUrl: a.thumb_url } : {}),
              ...(typeof a.duration === 'number' ? { durationSeconds: a.duration } : {}),
            },
          ];
        return [];
      }),
      createdAt: new Date(message.created_at ?? 0),
      flags: flags
        .filter((f) => f.messageId === message.id)
        .map(({ userId, name, reason, createdAt }) => ({ userId, name, reason, createdAt })),
    };
  }

  /** A page of the channel's messages as Stream answers it: oldest first. */
  async function messagesOf(
    channel: ReturnType<typeof client.channel>,
    messages: { limit: number; id_lt?: string; id_gt?: string; created_at_after_or_equal?: string },
  ): Promise<MessageResponse[]> {
    const state = await channel.query({ state: true, watch: false, presence: false, messages });
    return state.messages ?? [];
  }

  async function messageById(messageId: string): Promise<MessageResponse | null> {
    try {
      return (await client.getMessage(messageId)).message;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  }

  /** The flags of these messages only (none asked when there is no message). */
  async function flagsFor(found: ChannelAPIResponse, messages: MessageResponse[]) {
    const ids = new Set(messages.map((m) => m.id));
    return ids.size ? (await flagsOf([found.channel.cid])).filter((f) => ids.has(f.messageId)) : [];
  }

  return {
    kind: 'stream',

    async upsertUsers(users) {
      if (users.length === 0) return;
      await client.upsertUsers(users.map((u) => ({ id: u.id, name: u.name })));
    },

    async setUserActive(userId, active) {
      // Stream refuses to deactivate a deactivated user (and the reverse): change only what differs.
      const { users } = await client.queryUsers({ id: { $eq: userId } }, [], {
        include_deactivated_users: true,
        limit: 1,
      });
      const user = users[0];
      if (!user || !user.deactivated_at === active) return;
      if (active) await client.reactivateUser(userId, { restore_messages: false });
      else await client.deactivateUser(userId, { mark_messages_deleted: false });
    },

    async ensureChannel({ groupId, key, members }) {
      const id = streamChannelId(groupId, key);
      const wanted = members.map((m) => m.userId);
      const existing = await channelOf(groupId, id);
      const channel = client.channel(CHANNEL_TYPE, id);
      if (existing) {
        const current = (existing.members ?? []).map((m) => m.user_id ?? m.user?.id ?? '');
        const toAdd = wanted.filter((u) => !current.includes(u));
        const toRemove = current.filter((u) => u && !wanted.includes(u));
        if (toAdd.length > 0) await channel.addMembers(toAdd);
        if (toRemove.length > 0) await channel.removeMembers(toRemove);
        await channel.updatePartial({ set: { bt_permissions: permissionsOf(members) } as never });
        return { id };
      }
      // Numbers follow the order of creation; two syncs of one family at the same moment are not
      // expected (the families service makes a family's channels in one request).
      const others = await queryAll({ type: CHANNEL_TYPE, bt_group_id: groupId } as ChannelFilters);
      const number = Math.max(0, ...others.map((c) => (c.channel as PortalChannelData).bt_number ?? 0)) + 1;
      const created = client.channel(CHANNEL_TYPE, id, {
        created_by_id: PORTAL_USER_ID,
        members: wanted,
        bt_group_id: groupId,
        bt_key: key,
        bt_number: number,
        bt_permissions: permissionsOf(members),
      } as never);
      await created.create();
      return { id };
    },

    async listChannels(groupId) {
      const channels = await queryAll({ type: CHANNEL_TYPE, bt_group_id: groupId } as ChannelFilters);
      return channels.map(toSummary).sort((a, b) => a.number - b.number);
    },

    async findChannelFamily(channelId) {
      if (!STREAM_ID.test(channelId)) return null;
      const [found] = await queryAll({ type: CHANNEL_TYPE, id: channelId } as ChannelFilters, 1);
      return (found?.channel as PortalChannelData | undefined)?.bt_group_id ?? null;
    },

    async reportsIn(groupIds) {
      if (groupIds.length === 0) return [];
      const channels = await queryAll(
        { type: CHANNEL_TYPE, bt_group_id: { $in: groupIds } } as ChannelFilters,
        3000,
      );
      const channelOfCid = new Map(
        channels.map((c) => [c.channel.cid, c.channel as PortalChannelData & { id: string }]),
      );
      const flags = await flagsOf([...channelOfCid.keys()]);
      return flags.flatMap((flag) => {
        const channel = channelOfCid.get(flag.cid);
        if (!channel?.bt_group_id) return [];
        return [
          {
            groupId: channel.bt_group_id,
            channelId: channel.id,
            channelNumber: channel.bt_number ?? null,
            messageId: flag.messageId,
            userId: flag.userId,
            userName: flag.name,
            authorId: flag.authorId,
            authorName: flag.authorName,
            reason: flag.reason,
            createdAt: flag.createdAt,
            html: flag.html,
          },
        ];
      });
    },

    async setChannelDisabled(groupId, channelId, disabled) {
      if (!(await channelOf(groupId, channelId))) return false;
      await client.channel(CHANNEL_TYPE, channelId).updatePartial({ set: { frozen: disabled } });
      return true;
    },

    async getMessage(groupId, channelId, messageId) {
      if (!STREAM_ID.test(messageId) || !(await channelOf(groupId, channelId))) return null;
      const message = await messageById(messageId);
      return message?.cid === `${CHANNEL_TYPE}:${channelId}` ? toMessage(message, []) : null;
    },

    async listMessages(groupId, channelId, { before, after, limit }): Promise<MessagePage | null> {
      if (after && !STREAM_ID.test(after)) throw new InvalidCursorError();
      const found = await channelOf(groupId, channelId);
      if (!found) return null;
      const channel = client.channel(CHANNEL_TYPE, channelId);
      if (after) {
        // Stream answers the `limit` messages right after `id_gt`, oldest first.
        const newer = await messagesOf(channel, { limit: limit + 1, id_gt: after });
        const page = newer.slice(0, limit);
        const flags = await flagsFor(found, page);
        return {
          messages: page.map((m) => toMessage(m, flags)).reverse(),
          nextCursor: page[0]?.id ?? after,
          newerCursor: newer.length > limit ? page.at(-1)!.id : null,
        };
      }
      const cursor = before && STREAM_ID.test(before) ? before : null;
      // Stream answers the newest `limit` messages older than `id_lt`, oldest first; one more than
      // asked tells whether an older page exists.
      const older = await messagesOf(channel, { limit: limit + 1, ...(cursor ? { id_lt: cursor } : {}) });
      const newestFirst = [...older].reverse();
      const page = newestFirst.slice(0, limit);
      const flags = await flagsFor(found, page);
      const last = page.at(-1);
      return {
        messages: page.map((m) => toMessage(m, flags)),
        nextCursor: newestFirst.length > limit && last ? last.id : null,
      };
    },

    async messagesAround(groupId, channelId, messageId, limit) {
      if (!STREAM_ID.test(messageId)) return null;
      const found = await channelOf(groupId, channelId);
      if (!found) return null;
      const target = await messageById(messageId);
      if (target?.cid !== found.channel.cid) return null;
      const olderCount = Math.floor((limit - 1) / 2);
      const newerCount = limit - 1 - olderCount;
      // Two pages from the message rather than Stream's id_around: one more than shown on each side
      // tells whether the conversation goes on beyond it, which the cursors must say.
      const channel = client.channel(CHANNEL_TYPE, channelId);
      const [older, newer] = await Promise.all([
        messagesOf(channel, { limit: olderCount + 1, id_lt: messageId }),
        messagesOf(channel, { limit: newerCount + 1, id_gt: messageId }),
      ]);
      const newestFirst = [
        ...older.slice(Math.max(0, older.length - olderCount)),
        target,
        ...newer.slice(0, newerCount),
      ].reverse();
      const flags = await flagsFor(found, newestFirst);
      return {
        messages: newestFirst.map((m) => toMessage(m, flags)),
        olderCursor: older.length > olderCount ? newestFirst.at(-1)!.id : null,
        newerCursor: newer.length > newerCount ? newestFirst[0]!.id : null,
      };
    },

    async searchMessages(groupId, channelId, { q, before, limit }) {
      const found = await channelOf(groupId, channelId);
      if (!found) return null;
      let answer: Awaited<ReturnType<typeof client.search>>;
      try {
        // Newest first needs a sort, and a sort pages with Stream's `next` (it carries the sort).
        answer = await client.search(
          { cid: found.channel.cid } as ChannelFilters,
          q,
          before ? { limit, next: before } : { limit, sort: [{ created_at: -1 }] },
        );
      } catch (error) {
        if (before && (error as { status?: number }).status === 400) throw new InvalidCursorError();
        throw error;
      }
      return {
        hits: answer.results.map(({ message }) => ({
          id: message.id,
          user: { id: message.user?.id ?? '', name: message.user?.name ?? message.user?.id ?? '' },
          html: message.html ?? '',
          createdAt: new Date(message.created_at ?? 0),
        })),
        nextCursor: answer.next || null,
        // Stream's search does not count its results.
        total: null,
      };
    },

    async firstMessage(groupId, channelId, from) {
      if (!(await channelOf(groupId, channelId))) return null;
      // Stream answers the `limit` messages from that time on, oldest first.
      const [first] = await messagesOf(client.channel(CHANNEL_TYPE, channelId), {
        limit: 1,
        created_at_after_or_equal: (from ?? new Date(0)).toISOString(),
      });
      return { id: first?.id ?? null };
    },
  };
}

// Conversations of a family (entity only): its channels with their members and reports, pages of a
// channel's messages, and the channel's status. Every call first finds the family among the signed-in
// entity's own: another entity's family or channel is 'not found'. Opening a conversation (at its
// newest messages or around one) is written to the audit log. Also search in a channel.
import {
  API,
  apiPath,
  type ChannelListResponse,
  type ChannelStatusRequest,
  type FirstMessageResponse,
  familyDisplayName,
  type Message,
  type MessagePageResponse,
  type MessageResponse,
  type MessageSearchResponse,
  type MessageWindowResponse,
  MSG,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { hasPgCode, QUERY_CANCELED } from '../../db/pg-errors.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { AttemptLimiter } from '../../lib/attempt-limiter.js';
import { sanitizeMessageHtml } from '../../lib/message-html.js';
import { mediaScope } from '../../plugins/authenticate.js';
import {
  type ChannelSummary,
  type ChatAttachment,
  type ChatMessage,
  InvalidCursorError,
} from '../../providers/chat/chat-provider.js';
import { attachmentForViewer } from '../attachments/attachment-view.js';
import {
  type AttachmentRequest,
  createAttachmentsService,
  type ServedAttachment,
} from '../attachments/attachments.service.js';
import { signMediaToken } from '../auth/access-token.js';
import { channelsWithOpenReports } from '../reports/reports.service.js';
import { entityIdOf, loadFamily } from '../tenancy/tenancy.service.js';
import * as repo from './channels.repository.js';
import { searchExcerpt } from './search-excerpt.js';

/** An open conversation that refreshes is recorded again after this long without an opening. */
export const VIEW_REFRESH_AUDIT_MS = 5 * 60 * 1000;

/** How many people's latest openings of a channel one process keeps (the oldest are dropped). */
const OPENINGS_KEPT = 10_000;

/** The latest known time of each key, at most `limit` keys: the least recently remembered go first. */
export function latestOpenings(limit: number) {
  const times = new Map<string, Date>();
  return {
    get: (key: string) => times.get(key),
    remember(key: string, at: Date) {
      const known = times.get(key);
      if (known && known >= at) return;
      times.delete(key);
      times.set(key, at);
      if (times.size > limit) times.delete(times.keys().next().value!);
    },
  };
}

/** The entity's own family, or 'not found' (groups' check: an entity's, and a family of it). */
export async function requireEntityFamily(ctx: AppContext, actor: Actor, groupId: string) {
  return loadFamily(ctx, entityIdOf(actor), groupId);
}

/** A channel as the family page shows it; `hasReports`: it holds an open report. */
function toChannel(c: ChannelSummary, hasReports: boolean): ChannelListResponse['channels'][number] {
  return {
    id: c.id,
    number: c.number,
    disabled: c.disabled,
    created: c.createdAt.toISOString(),
    members: c.members.map((m) => ({
      user_id: m.userId,
      name: m.name,
      role: m.role,
      permission: m.permission,
    })),
    hasReports,
  };
}

/** Where the viewer loads a message's attachments: the portal's own route, with a media token. */
export interface AttachmentAddresses {
  groupId: string;
  channelId: string;
  token: string;
  readable: (attachment: ChatAttachment) => boolean;
}

function toMessage(m: ChatMessage, addresses: AttachmentAddresses): Message {
  const { groupId, channelId, token, readable } = addresses;
  return {
    id: m.id,
    user: m.user,
    attachments: m.attachments.map((a, index) =>
      attachmentForViewer(a, readable(a), (size) => {
        const path = apiPath(API.conversations.attachment, {
          groupId,
          channelId,
          messageId: m.id,
          index: String(index),
        });
        return `${path}?${new URLSearchParams({ ...(size === 'thumb' ? { size } : {}), access: token })}`;
      }),
    ),
    html: sanitizeMessageHtml(m.html),
    created_at: m.createdAt.toISOString(),
    flaggedMessages: { flags: m.flags.map((f) => ({ message: { id: m.id }, user: { name: f.name } })) },
  };
}

/** A cursor the provider did not make is the caller's mistake: 400 with the catalogue's text. */
async function withCursor<T>(message: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new AppError('BAD_REQUEST', message);
    throw error;
  }
}

/** Searches one person may have running at once (a reader types, waits, types again), and per minute. */
const SEARCHES_AT_ONCE = 2;
const SEARCHES_PER_MINUTE = 30;
const REFUSED_SEARCHES_REMEMBERED_MS = 5000;

export function createChannelsService(ctx: AppContext) {
  const attachments = createAttachmentsService(ctx);
  const openings = latestOpenings(OPENINGS_KEPT);
  // A search reads a whole channel's words: one person's many searches must not slow everybody else's
  // pages. Counted in this process for those running, and in the database for the minute's.
  const searching = new Map<string, number>();
  const searchesPerMinute = new AttemptLimiter(ctx.db, 'conversation-search', SEARCHES_PER_MINUTE, 60_000);
  // A person past the minute's searches is refused from memory for a few seconds: a client that retries
  // a refusal at once costs no database work (the family, the count) while it is refused.
  const refusedUntil = new Map<string, number>();

  async function limitSearch<T>(actor: Actor, search: () => Promise<T>): Promise<T> {
    const running = searching.get(actor.userId) ?? 0;
    const refused = refusedUntil.get(actor.userId);
    if (refused !== undefined && refused <= Date.now()) refusedUntil.delete(actor.userId);
    if (running >= SEARCHES_AT_ONCE || (refused ?? 0) > Date.now())
      throw new AppError('TOO_MANY_REQUESTS', MSG.search.tooMany);
    searching.set(actor.userId, running + 1);
    try {
      if (!(await searchesPerMinute.take(actor.userId))) {
        refusedUntil.set(actor.userId, Date.now() + REFUSED_SEARCHES_REMEMBERED_MS);
        throw new AppError('TOO_MANY_REQUESTS', MSG.search.tooMany);
      }
      return await search();
    } catch (error) {
      // Given up at its time limit: the words match too much to be worth reading through.
      if (hasPgCode(error, QUERY_CANCELED)) throw new AppError('UNPROCESSABLE', MSG.search.tooSlow);
      throw error;
    } finally {
      const left = (searching.get(actor.userId) ?? 1) - 1;
      if (left > 0) searching.set(actor.userId, left);
      else searching.delete(actor.userId);
    }
  }

  /**
   * Writes the opening of a conversation to the audit log. A `throttled` one (the open view's refresh,
   * an opening at another message) is skipped when this person has one for this channel from the last
   * minutes — never otherwise, so the log cannot be skipped. The latest opening this process wrote or
   * read is kept per person and channel: the log only grows, so while that one is recent enough the
   * database would say the same, and an open view's refreshes do not ask it again.
   */
  async function recordOpening(actor: Actor, groupId: string, channelId: string, throttled: boolean) {
    const event = { actorUserId: actor.userId, action: 'conversation.viewed' as const, groupId, channelId };
    const key = `${actor.userId}|${groupId}|${channelId}`;
    const since = new Date(Date.now() - VIEW_REFRESH_AUDIT_MS);
    if (throttled) {
      const known = openings.get(key);
      if (known && known >= since) return;
      const latest = await repo.latestAuditEventSince(ctx.db, { ...event, since });
      if (latest) return openings.remember(key, latest);
    }
    openings.remember(key, await repo.recordAuditEvent(ctx.db, { ...event, entityId: entityIdOf(actor) }));
  }

  /** The viewer loads attachments from the portal's route, with a media token for this channel. */
  async function addressesFor(
    actor: Actor,
    groupId: string,
    channelId: string,
  ): Promise<AttachmentAddresses> {
    return {
      groupId,
      channelId,
      token: await signMediaToken(ctx.tokenKey, {
        sub: actor.userId,
        sid: actor.sessionId,
        scope: mediaScope(groupId, channelId),
      }),
      readable: attachments.readable,
    };
  }

  return {
    async listChannels({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string };
    }): Promise<ChannelListResponse> {
      const group = await requireEntityFamily(ctx, actor, input.groupId);
      const [channels, reported] = await Promise.all([
        ctx.chat.listChannels(group.id),
        channelsWithOpenReports(ctx.db, group.id),
      ]);
      // The family's name as every family screen shows it. A channel's '!' is for open reports only:
      // a reviewed report stays in the history but no longer calls for attention.
      return {
        groupName: familyDisplayName(group) || null,
        channels: channels.map((c) => toChannel(c, reported.has(c.id))),
      };
    },

    /**
     * A page of messages, newest first: the newest, older than `before` or right after `after`. The
     * newest page of an opening is written to the audit log.
     */
    async listMessages({
      actor,
      input,
    }: {
      actor: Actor;
      input: {
        groupId: string;
        channelId: string;
        before?: string | undefined;
        after?: string | undefined;
        limit: number;
        refresh: boolean;
      };
    }): Promise<MessagePageResponse> {
      const group = await requireEntityFamily(ctx, actor, input.groupId);
      const page = await withCursor(MSG.viewer.invalidCursor, () =>
        ctx.chat.listMessages(group.id, input.channelId, {
          before: input.before ?? null,
          after: input.after ?? null,
          limit: input.limit,
        }),
      );
      if (!page) throw notFound();
      if (!input.before && !input.after) await recordOpening(actor, group.id, input.channelId, input.refresh);
      const addresses = await addressesFor(actor, group.id, input.channelId);
      return {
        messages: page.messages.map((m) => toMessage(m, addresses)),
        nextCursor: page.nextCursor,
        ...(page.newerCursor !== undefined ? { newerCursor: page.newerCursor } : {}),
      };
    },

    /**
     * The conversation opened at one message (a search hit, a report's link): about `limit` messages
     * around it. Recorded as an opening, unless this person opened the channel a moment ago (moving
     * from one hit to the next is reading the same conversation).
     */
    async messagesAround({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string; channelId: string; messageId: string; limit: number };
    }): Promise<MessageWindowResponse> {
      const group = await requireEntityFamily(ctx, actor, input.groupId);
      const window = await ctx.chat.messagesAround(group.id, input.channelId, input.messageId, input.limit);
      if (!window) throw new AppError('NOT_FOUND', MSG.viewer.messageNotFound);
      await recordOpening(actor, group.id, input.channelId, true);
      const addresses = await addressesFor(actor, group.id, input.channelId);
      return {
        messages: window.messages.map((m) => toMessage(m, addresses)),
        olderCursor: window.olderCursor,
        newerCursor: window.newerCursor,
      };
    },

    /** The channel's messages holding the words, newest first, each as an excerpt around the first. */
    async searchMessages({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string; channelId: string; q: string; before?: string | undefined; limit: number };
    }): Promise<MessageSearchResponse> {
      // Limited before anything is read: a refused search costs the database nothing.
      const { group, page } = await limitSearch(actor, async () => {
        const group = await requireEntityFamily(ctx, actor, input.groupId);
        const page = await withCursor(MSG.search.invalidCursor, () =>
          ctx.chat.searchMessages(group.id, input.channelId, {
            q: input.q,
            before: input.before ?? null,
            limit: input.limit,
          }),
        );
        return { group, page };
      });
      if (!page) throw notFound();
      // The hits show the messages' words: reading them is reading the conversation, recorded as an
      // opening unless this person opened the channel a moment ago.
      await recordOpening(actor, group.id, input.channelId, true);
      return {
        hits: page.hits.map((h) => ({
          id: h.id,
          user: h.user,
          created_at: h.createdAt.toISOString(),
          excerpt: searchExcerpt(h.html, input.q),
        })),
        nextCursor: page.nextCursor,
        total: page.total,
      };
    },

    /**
     * Where the reader jumps: the channel's first message, or its first on or after a time. Only an id:
     * the conversation then opens around it (and that opening is recorded).
     */
    async firstMessage({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string; channelId: string; from?: string | undefined };
    }): Promise<FirstMessageResponse> {
      const group = await requireEntityFamily(ctx, actor, input.groupId);
      const found = await ctx.chat.firstMessage(
        group.id,
        input.channelId,
        input.from ? new Date(input.from) : null,
      );
      if (!found) throw notFound();
      return { messageId: found.id };
    },

    /** An attachment of a message of the entity's own family's channel (see the attachments module). */
    async attachment({
      actor,
      input,
    }: {
      actor: Actor;
      input: AttachmentRequest & { groupId: string };
    }): Promise<ServedAttachment> {
      const group = await requireEntityFamily(ctx, actor, input.groupId);
      return attachments.serve({ ...input, groupId: group.id });
    },

    /**
     * Whether the channel is one of the entity's own families' (a caseworker's live view of it, when
     * it opens and at each event): 404 when not.
     */
    async requireEntityChannel({
      actor,
      groupId,
      channelId,
    }: {
      actor: Actor;
      groupId: string;
      channelId: string;
    }) {
      const group = await requireEntityFamily(ctx, actor, groupId);
      if ((await ctx.chat.findChannelFamily(channelId)) !== group.id) throw notFound();
      return group.id;
    },

    /** Disables (`active: false`) or enables a channel of the entity's family. */
    async setChannelStatus({
      actor,
      input,
    }: {
      actor: Actor;
      input: ChannelStatusRequest & { groupId: string; channelId: string };
    }): Promise<MessageResponse> {
      const group = await requireEntityFamily(ctx, actor, input.groupId);
      const changed = await ctx.chat.setChannelDisabled(group.id, input.channelId, !input.active);
      if (!changed) throw notFound();
      // The chat provider (local tables or Stream) keeps the channel: recorded once it has changed.
      await repo.recordAuditEvent(ctx.db, {
        actorUserId: actor.userId,
        action: 'channel.status_changed',
        entityId: entityIdOf(actor),
        groupId: group.id,
        channelId: input.channelId,
        details: { to: input.active ? 'enabled' : 'disabled' },
      });
      return { message: MSG.families.channelStatusUpdated };
    },
  };
}

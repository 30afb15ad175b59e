// Conversations of a family (entity only): its channels with their members and reports, pages of a
// channel's messages, and the channel's status. Every call first finds the family among the signed-in
// entity's own: another entity's family or channel is 'not found'. Opening a conversation is written
// to the audit log.
import {
  type ChannelListResponse,
  type ChannelStatusRequest,
  familyDisplayName,
  type Message,
  type MessagePageResponse,
  type MessageResponse,
  MSG,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { sanitizeMessageHtml } from '../../lib/message-html.js';
import type { ChannelSummary, ChatMessage } from '../../providers/chat/chat-provider.js';
import { entityIdOf, loadGroup } from '../groups/groups.service.js';
import * as repo from './channels.repository.js';

/** An open conversation that refreshes is recorded again after this long without an opening. */
export const VIEW_REFRESH_AUDIT_MS = 5 * 60 * 1000;

/** The entity's own family, or 'not found' (groups' check: an entity's, and a family of it). */
export async function requireEntityGroup(ctx: AppContext, actor: Actor, groupId: string) {
  return loadGroup(ctx, entityIdOf(actor), groupId);
}

export function toChannel(c: ChannelSummary): ChannelListResponse['channels'][number] {
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
    hasReports: c.hasReports,
  };
}

export function toMessage(m: ChatMessage): Message {
  return {
    id: m.id,
    user: m.user,
    attachments: m.attachments.map((a) =>
      a.type === 'image'
        ? { type: 'image' as const, image_url: a.url, title: a.title }
        : { type: 'video' as const, asset_url: a.url, title: a.title },
    ),
    html: sanitizeMessageHtml(m.html),
    created_at: m.createdAt.toISOString(),
    flaggedMessages: { flags: m.flags.map((f) => ({ message: { id: m.id }, user: { name: f.name } })) },
  };
}

export function createChannelsService(ctx: AppContext) {
  return {
    async listChannels({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string };
    }): Promise<ChannelListResponse> {
      const group = await requireEntityGroup(ctx, actor, input.groupId);
      const channels = await ctx.chat.listChannels(group.id);
      // The family's name as every family screen shows it.
      return { groupName: familyDisplayName(group) || null, channels: channels.map(toChannel) };
    },

    /** A page of messages, newest first; the first page of an opening is written to the audit log. */
    async listMessages({
      actor,
      input,
    }: {
      actor: Actor;
      input: {
        groupId: string;
        channelId: string;
        before?: string | undefined;
        limit: number;
        refresh: boolean;
      };
    }): Promise<MessagePageResponse> {
      const group = await requireEntityGroup(ctx, actor, input.groupId);
      const page = await ctx.chat.listMessages(group.id, input.channelId, {
        before: input.before ?? null,
        limit: input.limit,
      });
      if (!page) throw notFound();
      if (!input.before) {
        const event = {
          actorUserId: actor.userId,
          action: 'conversation.viewed' as const,
          groupId: group.id,
          channelId: input.channelId,
        };
        const skip =
          input.refresh &&
          (await repo.hasAuditEventSince(ctx.db, {
            ...event,
            since: new Date(Date.now() - VIEW_REFRESH_AUDIT_MS),
          }));
        if (!skip) await repo.recordAuditEvent(ctx.db, { ...event, entityId: entityIdOf(actor) });
      }
      return { messages: page.messages.map(toMessage), nextCursor: page.nextCursor };
    },

    /** Disables (`active: false`) or enables a channel of the entity's family. */
    async setChannelStatus({
      actor,
      input,
    }: {
      actor: Actor;
      input: ChannelStatusRequest & { groupId: string; channelId: string };
    }): Promise<MessageResponse> {
      const group = await requireEntityGroup(ctx, actor, input.groupId);
      const changed = await ctx.chat.setChannelDisabled(group.id, input.channelId, !input.active);
      if (!changed) throw notFound();
      return { message: MSG.families.channelStatusUpdated };
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;

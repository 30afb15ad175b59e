// Conversations of a family (entity only): its channels with their members and reports, pages of a
// channel's messages, and the channel's status. Every call first finds the family among the signed-in
// entity's own: another entity's family or channel is 'not found'. Opening a conversation is written
// to the audit log.
import {
  API,
  apiPath,
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
import { mediaScope } from '../../plugins/authenticate.js';
import type { ChannelSummary, ChatAttachment, ChatMessage } from '../../providers/chat/chat-provider.js';
import { attachmentForViewer } from '../attachments/attachment-view.js';
import {
  type AttachmentRequest,
  createAttachmentsService,
  type ServedAttachment,
} from '../attachments/attachments.service.js';
import { signMediaToken } from '../auth/access-token.js';
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

/** Where the viewer loads a message's attachments: the portal's own route, with a media token. */
export interface AttachmentAddresses {
  groupId: string;
  channelId: string;
  token: string;
  readable: (attachment: ChatAttachment) => boolean;
}

export function toMessage(m: ChatMessage, addresses: AttachmentAddresses): Message {
  const { groupId, channelId, token, readable } = addresses;
  return {
    id: m.id,
    user: m.user,
    attachments: m.attachments.map((a, index) =>
      attachmentForViewer(a, readable(a), (size) => {
        const path = apiPath(API.channels.attachment, {
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

export function createChannelsService(ctx: AppContext) {
  const attachments = createAttachmentsService(ctx);
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
      const addresses = {
        groupId: group.id,
        channelId: input.channelId,
        token: await signMediaToken(ctx.tokenKey, {
          sub: actor.userId,
          sid: actor.sessionId,
          scope: mediaScope(group.id, input.channelId),
        }),
        readable: attachments.readable,
      };
      return {
        messages: page.messages.map((m) => toMessage(m, addresses)),
        nextCursor: page.nextCursor,
      };
    },

    /** An attachment of a message of the entity's own family's channel (see the attachments module). */
    async attachment({
      actor,
      input,
    }: {
      actor: Actor;
      input: AttachmentRequest & { groupId: string };
    }): Promise<ServedAttachment> {
      const group = await requireEntityGroup(ctx, actor, input.groupId);
      return attachments.serve({ ...input, groupId: group.id });
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

// The chat provider: the family channels live either in our own tables (`local`) or at Stream
// (`stream`). Business code (families, conversation history, exports) depends on this interface only.

import type { ChatAttachment } from '../../db/schema-chat.js';

export type { ChatAttachment, StoredAttachment } from '../../db/schema-chat.js';

export type ChatMemberRole = 'child' | 'adoptive_parent' | 'birth_family';
export type ChatPermission = 'read' | 'write';

export interface ChatUser {
  id: string;
  name: string;
}

export interface ChannelMemberInput {
  userId: string;
  role: ChatMemberRole;
  permission: ChatPermission;
}

export interface ChannelSummary {
  id: string;
  /** 1, 2, …: 'Channel n'. */
  number: number;
  disabled: boolean;
  createdAt: Date;
  members: {
    userId: string;
    name: string;
    role: ChatMemberRole;
    permission: ChatPermission;
    active: boolean;
  }[];
  hasReports: boolean;
}

export interface ChatMessage {
  id: string;
  user: { id: string; name: string };
  html: string;
  /** A file the portal stores (`fileId`), or an address (Stream's, or an older local row's). */
  attachments: ChatAttachment[];
  createdAt: Date;
  /** Who reported the message, oldest first. */
  flags: { userId: string; name: string; reason: string | null; createdAt: Date }[];
}

export interface MessagePage {
  messages: ChatMessage[];
  /** Pass as `before` to get the page of older messages; null at the start of the channel. */
  nextCursor: string | null;
}

export interface ChatProvider {
  readonly kind: 'local' | 'stream';
  /** Creates or renames chat users (family members). */
  upsertUsers(users: ChatUser[]): Promise<void>;
  /** A member deactivated on the family page can no longer post anywhere. */
  setUserActive(userId: string, active: boolean): Promise<void>;
  /**
   * Makes sure the family has a channel under `key` with exactly these members; creates it (with the
   * next number) if it is new. Existing channels keep their messages.
   */
  ensureChannel(input: {
    groupId: string;
    key: string;
    members: ChannelMemberInput[];
  }): Promise<{ id: string }>;
  listChannels(groupId: string): Promise<ChannelSummary[]>;
  /** The family a channel belongs to (the export call names the channel only); null if unknown. */
  findChannelGroup(channelId: string): Promise<string | null>;
  /** Which of these families have at least one reported message (for the families list). */
  groupsWithReports(groupIds: string[]): Promise<Set<string>>;
  setChannelDisabled(groupId: string, channelId: string, disabled: boolean): Promise<boolean>;
  /** One message of the family's channel (for its attachments), or null. */
  getMessage(groupId: string, channelId: string, messageId: string): Promise<ChatMessage | null>;
  /** Newest first, `limit` at a time, older than the `before` cursor. */
  listMessages(
    groupId: string,
    channelId: string,
    page: { before?: string | null; limit: number },
  ): Promise<MessagePage | null>;
}

// The chat provider: the family channels live either in our own tables (`local`) or at Stream
// (`stream`). Business code (families, conversation history, exports) depends on this interface only.

import type { ChatAttachment } from '../../db/schema-chat.js';
import type { ProviderReport } from './chat-reports.js';

export type { ChatAttachment, StoredAttachment } from '../../db/schema-chat.js';

export type ChatMemberRole = 'child' | 'adoptive_parent' | 'birth_family';
export type ChatPermission = 'read' | 'write';

interface ChatUser {
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
}

export interface ChatMessage {
  id: string;
  user: { id: string; name: string };
  html: string;
  /** A file the portal stores (`fileId`), or an address (Stream's, or an older local row's). */
  attachments: ChatAttachment[];
  createdAt: Date;
  /** The key the writer's app gave it (local provider, families' app); absent elsewhere. */
  clientId?: string | null;
  /** Who reported the message, oldest first. */
  flags: { userId: string; name: string; reason: string | null; createdAt: Date }[];
}

export interface MessagePage {
  messages: ChatMessage[];
  /** Pass as `before` to get the page of older messages; null at the start of the channel. */
  nextCursor: string | null;
  /** Only for a page asked `after` a cursor: pass as `after` for newer ones; null when the newest is here. */
  newerCursor?: string | null;
}

/** The messages around one, newest first, the one asked for among them. */
interface MessageWindow {
  messages: ChatMessage[];
  /** Pass as `before` for the older page; null at the start of the channel. */
  olderCursor: string | null;
  /** Pass as `after` for the newer page; null when the newest message is here. */
  newerCursor: string | null;
}

/** A message holding the words searched for; the service makes its excerpt from the html. */
export interface MessageSearchHit {
  id: string;
  user: { id: string; name: string };
  html: string;
  createdAt: Date;
}

interface MessageSearchPage {
  hits: MessageSearchHit[];
  /** Pass as `before` for more hits; null when there are no more. */
  nextCursor: string | null;
  /** How many messages hold the words, on the first page; null when the provider cannot count them. */
  total: number | null;
}

/**
 * A cursor this provider did not make (or that names nothing it can go on from): the caller's
 * request is wrong, not the server.
 */
export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
    this.name = 'InvalidCursorError';
  }
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
  findChannelFamily(channelId: string): Promise<string | null>;
  /** Every report of a message in these families' channels (the portal's mirror of reports reads them). */
  reportsIn(groupIds: string[]): Promise<ProviderReport[]>;
  setChannelDisabled(groupId: string, channelId: string, disabled: boolean): Promise<boolean>;
  /** One message of the family's channel (for its attachments), or null. */
  getMessage(groupId: string, channelId: string, messageId: string): Promise<ChatMessage | null>;
  /**
   * Newest first, `limit` at a time: older than the `before` cursor, or the `limit` right after the
   * `after` cursor (which throws InvalidCursorError when it is not one of this provider's).
   */
  listMessages(
    groupId: string,
    channelId: string,
    page: { before?: string | null; after?: string | null; limit: number },
  ): Promise<MessagePage | null>;
  /** About `limit` messages around one; null when the channel is not the family's or the message not in it. */
  messagesAround(
    groupId: string,
    channelId: string,
    messageId: string,
    limit: number,
  ): Promise<MessageWindow | null>;
  /**
   * The channel's messages holding the words of `q`, newest first; null when the channel is not the
   * family's. A `before` cursor this provider did not make throws InvalidCursorError.
   */
  searchMessages(
    groupId: string,
    channelId: string,
    input: { q: string; before?: string | null; limit: number },
  ): Promise<MessageSearchPage | null>;
  /**
   * The id of the channel's first message at or after `from` (the very first without it), null when
   * there is none; null altogether when the channel is not the family's.
   */
  firstMessage(groupId: string, channelId: string, from: Date | null): Promise<{ id: string | null } | null>;
}

// The conversation view around one message (a report's deep link, a search hit), the newer pages
// after it, and search in a conversation.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE, ZChannelId, ZMessage } from './conversations.js';

const ZFamilyId = z.string().trim().min(1).max(64);
const ZCursor = z.string().trim().min(1, MSG.search.invalidCursor).max(512, MSG.search.invalidCursor);

export const ZMessageWindowParams = z.object({
  groupId: ZFamilyId,
  channelId: ZChannelId,
  messageId: ZChannelId,
});

/** GET …/messages/{messageId}/around: about `limit` messages with the one asked for in the middle. */
export const ZMessageWindowQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});

export const ZMessageWindowResponse = z.object({
  /** Newest first; the message asked for is among them. */
  messages: z.array(ZMessage),
  /** Pass as `before` (channel list) for the older page; null at the start of the channel. */
  olderCursor: z.string().nullable(),
  /** Pass as `after` (channel list) for the newer page; null when the newest message is here. */
  newerCursor: z.string().nullable(),
});
export type MessageWindowResponse = z.infer<typeof ZMessageWindowResponse>;

export const SEARCH_TEXT_MAX = 200;
export const SEARCH_PAGE_SIZE = 20;

export const ZSearchParams = z.object({ groupId: ZFamilyId, channelId: ZChannelId });

/** GET …/channels/{channelId}/search?q=: messages holding the words, newest first. */
export const ZMessageSearchQuery = z.object({
  q: z
    .string(MSG.search.empty)
    .trim()
    .min(1, MSG.search.empty)
    .max(SEARCH_TEXT_MAX, MSG.validation.tooLong(MSG.fields.search, SEARCH_TEXT_MAX)),
  /** The `nextCursor` of the previous page of hits. */
  before: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
});
export type MessageSearchQuery = z.input<typeof ZMessageSearchQuery>;

export const ZMessageSearchHit = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string() }),
  /** ISO date-time. */
  created_at: z.string(),
  /** The message as plain text, around the first word found. */
  excerpt: z.string(),
});
export type MessageSearchHit = z.infer<typeof ZMessageSearchHit>;

export const ZMessageSearchResponse = z.object({
  hits: z.array(ZMessageSearchHit),
  /** Pass as `before` for more hits; null when there are no more. */
  nextCursor: z.string().nullable(),
  /**
   * How many messages of the channel hold the words, on the first page of hits; null on the next
   * pages, and when the chat provider cannot count them.
   */
  total: z.number().int().nullable(),
});
export type MessageSearchResponse = z.infer<typeof ZMessageSearchResponse>;

/** GET …/channels/{channelId}/messages/first: the first message on or after a time, or the first of all. */
export const ZFirstMessageQuery = z.object({
  /** ISO date-time (the start of the day the reader chose, in their time zone); none: the very first. */
  from: z.iso.datetime({ offset: true, message: MSG.conversationDates.invalidDate }).optional(),
});
export type FirstMessageQuery = z.input<typeof ZFirstMessageQuery>;

export const ZFirstMessageResponse = z.object({
  /** null when no message is that recent (or the channel has none). */
  messageId: z.string().nullable(),
});
export type FirstMessageResponse = z.infer<typeof ZFirstMessageResponse>;

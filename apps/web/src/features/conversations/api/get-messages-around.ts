import { MESSAGE_PAGE_SIZE, type MessagePageResponse, ROUTES } from '@bridge-talk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { conversationKeys } from './conversation-keys.js';
import { listMessages } from './list-messages.js';

/** The window around one message, as a page of the conversation: `nextCursor` older, `newerCursor` newer. */
async function getMessagesAround(
  input: { groupId: string; channelId: string; messageId: string },
  signal?: AbortSignal,
): Promise<MessagePageResponse> {
  const { messages, olderCursor, newerCursor } = await callApi(ROUTES.conversations.around, {
    params: input,
    query: { limit: MESSAGE_PAGE_SIZE },
    signal,
  });
  return { messages, nextCursor: olderCursor, newerCursor };
}

type AroundPageParam = { around: string } | { before: string } | { after: string };

/**
 * The conversation opened at one message, newest page first like the history: the window first, then
 * older pages after it (`fetchNextPage`) and newer pages before it (`fetchPreviousPage`).
 */
const aroundQuery = (groupId: string, channelId: string, messageId: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.around(groupId, channelId, messageId),
    queryFn: ({ pageParam, signal }) =>
      'around' in pageParam
        ? getMessagesAround({ groupId, channelId, messageId: pageParam.around }, signal)
        : listMessages({ groupId, channelId, ...pageParam }, signal),
    initialPageParam: { around: messageId } as AroundPageParam,
    getNextPageParam: (last): AroundPageParam | undefined =>
      last.nextCursor ? { before: last.nextCursor } : undefined,
    getPreviousPageParam: (first): AroundPageParam | undefined =>
      first.newerCursor ? { after: first.newerCursor } : undefined,
    // Messages are append-only: loaded pages never change (reports show through the latest query).
    staleTime: Number.POSITIVE_INFINITY,
    // A message that is gone is not found again by asking again.
    retry: false,
  });

export const useMessagesAround = (groupId: string, channelId: string, messageId: string | null) =>
  useInfiniteQuery({ ...aroundQuery(groupId, channelId, messageId ?? ''), enabled: Boolean(messageId) });

import { type MessageSearchResponse, ROUTES } from '@bridge-talk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { conversationKeys } from './conversation-keys.js';

/** A page of the channel's messages holding the words, newest first. */
function searchMessages(
  input: { groupId: string; channelId: string; q: string; before?: string | null },
  signal?: AbortSignal,
): Promise<MessageSearchResponse> {
  return callApi(ROUTES.conversations.search, {
    params: { groupId: input.groupId, channelId: input.channelId },
    query: { q: input.q, before: input.before || undefined },
    signal,
  });
}

const searchQuery = (groupId: string, channelId: string, q: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.search(groupId, channelId, q),
    queryFn: ({ pageParam, signal }) => searchMessages({ groupId, channelId, q, before: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A search is asked again when it is submitted again, not behind the reader's back.
    staleTime: 60_000,
  });

/** Nothing is asked until there are words to search for. */
export const useSearchMessages = (groupId: string, channelId: string, q: string) =>
  useInfiniteQuery({ ...searchQuery(groupId, channelId, q), enabled: q.length > 0 });

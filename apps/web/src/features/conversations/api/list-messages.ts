import { MESSAGE_PAGE_SIZE, type MessagePageResponse, MSG, ROUTES } from '@bridge-talk/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../shared/api/api-client.js';
import { conversationKeys } from './conversation-keys.js';

/** docs/architecture.md: the open conversation looks for new messages every 50 s. */
export const REFRESH_INTERVAL_MS = 50_000;

export async function listMessages(
  input: {
    groupId: string;
    channelId: string;
    before?: string | null;
    /** A `newerCursor`: the page right after it (the conversation opened at one message). */
    after?: string | null;
    refresh?: boolean;
  },
  signal?: AbortSignal,
) {
  const answer = await callApi(ROUTES.conversations.list, {
    params: { groupId: input.groupId },
    query: {
      channelId: input.channelId,
      limit: MESSAGE_PAGE_SIZE,
      before: input.before || undefined,
      after: input.after || undefined,
      refresh: input.refresh ? 'true' : undefined,
    },
    signal,
  });
  // With `?channelId=` the list call answers a page of that channel's messages.
  if (!('messages' in answer)) throw new ApiError(500, MSG.common.somethingWrong);
  return answer;
}

/** The conversation page by page, newest first: each next page is older. */
const historyQuery = (groupId: string, channelId: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.history(groupId, channelId),
    queryFn: ({ pageParam, signal }) => listMessages({ groupId, channelId, before: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Older pages never change (messages are append-only); new ones come through the latest query.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Not asked while the conversation is opened at one message (that view loads its own pages). */
export const useMessageHistory = (groupId: string, channelId: string, enabled = true) =>
  useInfiniteQuery({ ...historyQuery(groupId, channelId), enabled });

/** The newest page, fetched again every 50 s once the conversation is open (not at once: it just loaded). */
const latestQuery = (groupId: string, channelId: string) =>
  queryOptions({
    queryKey: conversationKeys.latest(groupId, channelId),
    queryFn: ({ signal }) => listMessages({ groupId, channelId, refresh: true }, signal),
    refetchInterval: REFRESH_INTERVAL_MS,
    staleTime: REFRESH_INTERVAL_MS,
  });

export const useLatestMessages = (
  groupId: string,
  channelId: string,
  opened: MessagePageResponse | undefined,
) =>
  useQuery({
    ...latestQuery(groupId, channelId),
    enabled: opened !== undefined,
    ...(opened ? { initialData: opened, initialDataUpdatedAt: Date.now } : {}),
  });

import { MSG, ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../shared/api/api-client.js';
import { conversationKeys } from './conversation-keys.js';

/** The family's channels and its name: the breadcrumb, the channel's members and its status. */
export async function getChannels(groupId: string, signal?: AbortSignal) {
  const answer = await callApi(ROUTES.conversations.list, { params: { groupId }, signal });
  // Without `?channelId=` the list call answers the channels, never a page of messages.
  if (!('channels' in answer)) throw new ApiError(500, MSG.common.somethingWrong);
  return answer;
}

const channelsQuery = (groupId: string) =>
  queryOptions({
    queryKey: conversationKeys.channels(groupId),
    queryFn: ({ signal }) => getChannels(groupId, signal),
  });

export const useConversationChannels = (groupId: string) => useQuery(channelsQuery(groupId));

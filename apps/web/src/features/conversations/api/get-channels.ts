import { API, apiPath, type ChannelListResponse } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { conversationKeys } from './conversation-keys.js';

/** The family's channels and its name: the breadcrumb, the channel's members and its status. */
export function getChannels(groupId: string, signal?: AbortSignal) {
  return apiRequest<ChannelListResponse>(apiPath(API.channels.list, { groupId }), { signal });
}

export const channelsQuery = (groupId: string) =>
  queryOptions({
    queryKey: conversationKeys.channels(groupId),
    queryFn: ({ signal }) => getChannels(groupId, signal),
  });

export const useConversationChannels = (groupId: string) => useQuery(channelsQuery(groupId));

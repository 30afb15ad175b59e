import { API, apiPath, type ChannelListResponse } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

/** The family's chat channels (the conversations module's call, without `?channelId=`). */
export const channelsQuery = (groupId: string) =>
  queryOptions({
    queryKey: familyKeys.channels(groupId),
    queryFn: ({ signal }) =>
      apiRequest<ChannelListResponse>(apiPath(API.channels.list, { groupId }), { signal }),
  });

export const useChannels = (groupId: string) => useQuery(channelsQuery(groupId));

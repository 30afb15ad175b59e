import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChannels } from '../../conversations/index.js';
import { familyKeys } from './family-keys.js';

/** The family's chat channels (the conversations module's call), cached with the family's queries. */
export const channelsQuery = (groupId: string) =>
  queryOptions({
    queryKey: familyKeys.channels(groupId),
    queryFn: ({ signal }) => getChannels(groupId, signal),
  });

export const useChannels = (groupId: string) => useQuery(channelsQuery(groupId));

import { API, apiPath, type GroupMemberList } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

/** The family's people: child, adoptive parents, birth family, with their status. */
export const membersQuery = (id: string) =>
  queryOptions({
    queryKey: familyKeys.members(id),
    queryFn: ({ signal }) => apiRequest<GroupMemberList>(apiPath(API.group.members, { id }), { signal }),
  });

export const useMembers = (id: string) => useQuery(membersQuery(id));

import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

/** The family's people: child, adoptive parents, birth family, with their status. */
export const membersQuery = (id: string) =>
  queryOptions({
    queryKey: familyKeys.members(id),
    queryFn: ({ signal }) => callApi(ROUTES.families.members, { params: { id }, signal }),
  });

export const useMembers = (id: string) => useQuery(membersQuery(id));

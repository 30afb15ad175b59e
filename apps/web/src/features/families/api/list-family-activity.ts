import { ROUTES } from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

function listFamilyActivity(groupId: string, page: number, signal?: AbortSignal) {
  return callApi(ROUTES.activity.family, { params: { groupId }, query: { page }, signal });
}

/** Under the family's keys: whatever refreshes the family refreshes its activity too. */
const familyActivityQuery = (groupId: string, page: number) =>
  queryOptions({
    queryKey: [...familyKeys.all, 'activity', groupId, page] as const,
    queryFn: ({ signal }) => listFamilyActivity(groupId, page, signal),
    // Turning a page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useFamilyActivity = (groupId: string, page: number) =>
  useQuery(familyActivityQuery(groupId, page));

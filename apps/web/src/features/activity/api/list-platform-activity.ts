import { type PlatformActivityQuery, ROUTES } from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';

const activityKeys = {
  all: ['activity'] as const,
  platform: (query: PlatformActivityQuery) => [...activityKeys.all, 'platform', query] as const,
};

function listPlatformActivity(query: PlatformActivityQuery, signal?: AbortSignal) {
  return callApi(ROUTES.activity.platform, { query, signal });
}

const platformActivityQuery = (query: PlatformActivityQuery) =>
  queryOptions({
    queryKey: activityKeys.platform(query),
    queryFn: ({ signal }) => listPlatformActivity(query, signal),
    // Turning a page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const usePlatformActivity = (query: PlatformActivityQuery) => useQuery(platformActivityQuery(query));

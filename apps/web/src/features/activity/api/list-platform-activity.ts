import { ROUTES } from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';

export const activityKeys = {
  all: ['activity'] as const,
  platform: (page: number) => [...activityKeys.all, 'platform', page] as const,
};

export function listPlatformActivity(page: number, signal?: AbortSignal) {
  return callApi(ROUTES.activity.platform, { query: { page }, signal });
}

export const platformActivityQuery = (page: number) =>
  queryOptions({
    queryKey: activityKeys.platform(page),
    queryFn: ({ signal }) => listPlatformActivity(page, signal),
    // Turning a page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const usePlatformActivity = (page: number) => useQuery(platformActivityQuery(page));

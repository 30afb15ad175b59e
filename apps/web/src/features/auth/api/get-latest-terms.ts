import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../shared/api/api-client.js';

export interface PublishedTerms {
  _id: string;
  content: string;
  version: number;
  updatedAt: string;
}

/** The terms in force, or null when none have been published yet. */
export async function getLatestTerms(): Promise<PublishedTerms | null> {
  try {
    return await apiRequest<PublishedTerms>('/api/term/last', { skipRefresh: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const latestTermsQuery = () => queryOptions({ queryKey: ['terms', 'last'], queryFn: getLatestTerms });

export function useLatestTerms(enabled: boolean) {
  return useQuery({ ...latestTermsQuery(), enabled });
}

import { API, type Terms } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../shared/api/api-client.js';
import { termsKeys } from './terms-keys.js';

/** The terms in force, or null when no version has been saved yet. */
export async function getLatestTerms(signal?: AbortSignal): Promise<Terms | null> {
  try {
    return await apiRequest<Terms>(API.term.last, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const latestTermsQuery = () =>
  queryOptions({ queryKey: termsKeys.latest(), queryFn: ({ signal }) => getLatestTerms(signal) });

export const useLatestTerms = () => useQuery(latestTermsQuery());

import { API, type Terms } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { termsKeys } from './terms-keys.js';

/** One saved version (the editor starts from it). */
export function getTerms(id: string, signal?: AbortSignal) {
  return apiRequest<Terms>(API.term.byId.replace(':id', encodeURIComponent(id)), { signal });
}

export const termsQuery = (id: string) =>
  queryOptions({ queryKey: termsKeys.version(id), queryFn: ({ signal }) => getTerms(id, signal) });

export const useTerms = (id: string, enabled: boolean) => useQuery({ ...termsQuery(id), enabled });

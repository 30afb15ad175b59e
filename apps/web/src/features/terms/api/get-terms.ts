import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { termsKeys } from './terms-keys.js';

/** One saved version (the editor starts from it). */
function getTerms(id: string, signal?: AbortSignal) {
  return callApi(ROUTES.terms.byId, { params: { id }, signal });
}

const termsQuery = (id: string) =>
  queryOptions({ queryKey: termsKeys.version(id), queryFn: ({ signal }) => getTerms(id, signal) });

export const useTerms = (id: string, enabled: boolean) => useQuery({ ...termsQuery(id), enabled });

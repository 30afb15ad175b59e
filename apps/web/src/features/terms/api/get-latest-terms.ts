import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { termsKeys } from './terms-keys.js';

/**
 * The terms in force, or null when no version has been saved yet. Public (the logged-out terms modal
 * reads it too), so a 401 is never a reason to refresh.
 */
export function getLatestTerms(signal?: AbortSignal) {
  return callApi(ROUTES.term.last, { signal, skipRefresh: true });
}

export const latestTermsQuery = () =>
  queryOptions({ queryKey: termsKeys.latest(), queryFn: ({ signal }) => getLatestTerms(signal) });

export const useLatestTerms = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...latestTermsQuery(), enabled: options.enabled ?? true });

import { ROUTES, type TermsDocument } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { termsKeys } from './terms-keys.js';

/**
 * The document's version in force (the terms of use or the privacy policy), or null when none has
 * been saved yet. Public (the logged-out modal reads it too), so a 401 is never a reason to refresh.
 */
function getLatestTerms(document: TermsDocument, signal?: AbortSignal) {
  return callApi(ROUTES.terms.last, { query: { document }, signal, skipRefresh: true });
}

const latestTermsQuery = (document: TermsDocument) =>
  queryOptions({
    queryKey: termsKeys.latest(document),
    queryFn: ({ signal }) => getLatestTerms(document, signal),
  });

export const useLatestTerms = (document: TermsDocument, options: { enabled?: boolean } = {}) =>
  useQuery({ ...latestTermsQuery(document), enabled: options.enabled ?? true });

import { ROUTES, type TermsDocument } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { termsKeys } from './terms-keys.js';

/** Every saved version of the document, newest first: number, date and author (admin). */
function listTermsVersions(document: TermsDocument, signal?: AbortSignal) {
  return callApi(ROUTES.terms.versions, { query: { document }, signal });
}

const termsVersionsQuery = (document: TermsDocument) =>
  queryOptions({
    queryKey: termsKeys.versions(document),
    queryFn: ({ signal }) => listTermsVersions(document, signal),
  });

export const useTermsVersions = (document: TermsDocument) => useQuery(termsVersionsQuery(document));

import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { agreementKeys } from './agreement-keys.js';

function getAgreementsSummary(year: number, signal?: AbortSignal) {
  return callApi(ROUTES.agreements.summary, { query: { year }, signal });
}

// No placeholder: while another year loads, the last year's figures must not stand under its name.
const agreementsSummaryQuery = (year: number) =>
  queryOptions({
    queryKey: agreementKeys.summaryYear(year),
    queryFn: ({ signal }) => getAgreementsSummary(year, signal),
  });

/** 'Agreements by year': what the agency's agreements came to in a calendar year, in all and per family. */
export const useAgreementsSummary = (year: number) => useQuery(agreementsSummaryQuery(year));

import { AGREEMENTS_DUE_PAGE_SIZE, ROUTES } from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { agreementKeys } from './agreement-keys.js';

function listAgreementsDue(page: number, signal?: AbortSignal) {
  return callApi(ROUTES.agreements.due, { query: { page, pageSize: AGREEMENTS_DUE_PAGE_SIZE }, signal });
}

const agreementsDueQuery = (page: number) =>
  queryOptions({
    queryKey: agreementKeys.dueList(page),
    queryFn: ({ signal }) => listAgreementsDue(page, signal),
    // Turning a page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

/** The desk's 'Agreements due': the entity's families with an item overdue or due soon, a page of them. */
export const useAgreementsDue = (page: number) => useQuery(agreementsDueQuery(page));

import {
  type AgreementListFilter,
  FAMILY_PAGE_SIZE,
  ROUTES,
  type SortDirection,
} from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

export interface FamilyListParams {
  search: string;
  sort: SortDirection | undefined;
  page: number;
  /** Only the families overdue or due soon with their agreement, or those without one. */
  agreement: AgreementListFilter | undefined;
}

function listFamilies({ search, sort, page, agreement }: FamilyListParams, signal?: AbortSignal) {
  return callApi(ROUTES.families.list, {
    query: { page, pageSize: FAMILY_PAGE_SIZE, search: search || undefined, sort, agreement },
    signal,
  });
}

const familyListQuery = (params: FamilyListParams) =>
  queryOptions({
    queryKey: familyKeys.list(params),
    queryFn: ({ signal }) => listFamilies(params, signal),
    // Typing a search, choosing a filter or turning a page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useFamilyList = (params: FamilyListParams) => useQuery(familyListQuery(params));

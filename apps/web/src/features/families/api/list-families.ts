import { API, FAMILY_PAGE_SIZE, type GroupListResponse, type SortDirection } from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

export interface FamilyListParams {
  search: string;
  sort: SortDirection | undefined;
  page: number;
}

export function listFamilies({ search, sort, page }: FamilyListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(FAMILY_PAGE_SIZE) });
  if (search) query.set('search', search);
  if (sort) query.set('sort', sort);
  return apiRequest<GroupListResponse>(`${API.group.list}?${query}`, { signal });
}

export const familyListQuery = (params: FamilyListParams) =>
  queryOptions({
    queryKey: familyKeys.list(params),
    queryFn: ({ signal }) => listFamilies(params, signal),
    // Typing a search or turning a page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useFamilyList = (params: FamilyListParams) => useQuery(familyListQuery(params));

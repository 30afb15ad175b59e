import { API, ENTITY_PAGE_SIZE, type EntityListResponse, type SortDirection } from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { entityKeys } from './entity-keys.js';

export interface EntityListParams {
  search: string;
  sort: SortDirection | undefined;
  page: number;
}

export function listEntities({ search, sort, page }: EntityListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(ENTITY_PAGE_SIZE) });
  if (search) query.set('search', search);
  if (sort) query.set('sort', sort);
  return apiRequest<EntityListResponse>(`${API.entity.list}?${query}`, { signal });
}

export const entityListQuery = (params: EntityListParams) =>
  queryOptions({
    queryKey: entityKeys.list(params),
    queryFn: ({ signal }) => listEntities(params, signal),
    // Typing in the search box or turning a page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useEntityList = (params: EntityListParams) => useQuery(entityListQuery(params));

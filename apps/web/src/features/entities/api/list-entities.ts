import { ENTITY_PAGE_SIZE, ROUTES, type SortDirection } from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { entityKeys } from './entity-keys.js';

export interface EntityListParams {
  search: string;
  sort: SortDirection | undefined;
  page: number;
}

function listEntities({ search, sort, page }: EntityListParams, signal?: AbortSignal) {
  return callApi(ROUTES.entities.list, {
    query: { page, pageSize: ENTITY_PAGE_SIZE, search: search || undefined, sort },
    signal,
  });
}

const entityListQuery = (params: EntityListParams) =>
  queryOptions({
    queryKey: entityKeys.list(params),
    queryFn: ({ signal }) => listEntities(params, signal),
    // Typing in the search box or turning a page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useEntityList = (params: EntityListParams) => useQuery(entityListQuery(params));

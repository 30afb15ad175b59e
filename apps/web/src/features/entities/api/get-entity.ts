import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { entityKeys } from './entity-keys.js';

export function getEntity(id: string, signal?: AbortSignal) {
  return callApi(ROUTES.entities.byId, { params: { id }, signal });
}

const entityQuery = (id: string) =>
  queryOptions({ queryKey: entityKeys.detail(id), queryFn: ({ signal }) => getEntity(id, signal) });

export const useEntity = (id: string) => useQuery(entityQuery(id));

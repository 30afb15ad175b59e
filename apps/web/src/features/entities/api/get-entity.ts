import { API, type Entity } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { entityKeys, entityPath } from './entity-keys.js';

export function getEntity(id: string, signal?: AbortSignal) {
  return apiRequest<Entity>(entityPath(API.entity.byId, id), { signal });
}

export const entityQuery = (id: string) =>
  queryOptions({ queryKey: entityKeys.detail(id), queryFn: ({ signal }) => getEntity(id, signal) });

export const useEntity = (id: string) => useQuery(entityQuery(id));

// The active plans and the entity's coupon, from the billing area's plan list named for this entity;
// the details page shows the two plan prices after the coupon.
import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { entityKeys } from './entity-keys.js';

function getEntityPlans(entityId: string, signal?: AbortSignal) {
  return callApi(ROUTES.billing.plans, { query: { entityId }, signal });
}

const entityPlansQuery = (entityId: string) =>
  queryOptions({
    queryKey: entityKeys.plans(entityId),
    queryFn: ({ signal }) => getEntityPlans(entityId, signal),
    // Without the billing module this answers 404: the prices then read '—' at once.
    retry: false,
  });

export const useEntityPlans = (entityId: string) => useQuery(entityPlansQuery(entityId));

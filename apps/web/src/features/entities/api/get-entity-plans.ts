// The active plans and the entity's coupon, from the billing area (its path belongs to the billing
// module); the details page shows the two plan prices after the coupon.
import type { Coupon, Plan } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { entityKeys } from './entity-keys.js';

const BILLING_PLANS = '/api/group/billing/plans/list';

export interface EntityPlans {
  /** The active plans, each with its own (raw) unit_amount. */
  plans: Plan[];
  entityCoupon: Coupon | null;
}

export function getEntityPlans(entityId: string, signal?: AbortSignal) {
  return apiRequest<EntityPlans>(`${BILLING_PLANS}?${new URLSearchParams({ entityId })}`, { signal });
}

export const entityPlansQuery = (entityId: string) =>
  queryOptions({
    queryKey: entityKeys.plans(entityId),
    queryFn: ({ signal }) => getEntityPlans(entityId, signal),
    // Without the billing module this answers 404: the prices then read '—' at once.
    retry: false,
  });

export const useEntityPlans = (entityId: string) => useQuery(entityPlansQuery(entityId));

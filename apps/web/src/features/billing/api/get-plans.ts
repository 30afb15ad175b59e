import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { billingKeys } from './billing-keys.js';

/** The active plans with their own prices, and the signed-in entity's usable coupon. */
function getPlans(signal?: AbortSignal) {
  return callApi(ROUTES.billing.plans, { signal });
}

export const plansQuery = () =>
  queryOptions({ queryKey: billingKeys.plans(), queryFn: ({ signal }) => getPlans(signal) });

export const usePlans = () => useQuery(plansQuery());

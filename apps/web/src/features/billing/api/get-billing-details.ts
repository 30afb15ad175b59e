import { API, apiPath, type BillingDetailsResponse } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { billingKeys } from './billing-keys.js';

/** A group's stored payment details (card brand and last 4 only) and its current subscription. */
export const billingDetailsQuery = (groupId: string) =>
  queryOptions({
    queryKey: billingKeys.details(groupId),
    queryFn: ({ signal }) =>
      apiRequest<BillingDetailsResponse>(apiPath(API.billing.details, { groupId }), { signal }),
  });

export const useBillingDetails = (groupId: string) => useQuery(billingDetailsQuery(groupId));

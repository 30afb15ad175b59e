import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { billingKeys } from './billing-keys.js';

/** A group's stored payment details (card brand and last 4 only) and its current subscription. */
export const billingDetailsQuery = (groupId: string) =>
  queryOptions({
    queryKey: billingKeys.details(groupId),
    queryFn: ({ signal }) => callApi(ROUTES.billing.details, { params: { groupId }, signal }),
  });

export const useBillingDetails = (groupId: string) => useQuery(billingDetailsQuery(groupId));

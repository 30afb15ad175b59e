import { API, type PaymentsConfigResponse } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { billingKeys } from './billing-keys.js';

/** Which provider takes the card (local form or Stripe's fields) and Stripe's publishable key. */
export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: billingKeys.config(),
    queryFn: ({ signal }) => apiRequest<PaymentsConfigResponse>(API.payments.config, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePaymentsConfig = () => useQuery(paymentsConfigQuery());

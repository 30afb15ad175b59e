import { API, type PaymentsConfigResponse } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

/** Which provider takes the payments, and (Stripe) where its dashboard is. */
export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: paymentsKeys.config(),
    queryFn: ({ signal }) => apiRequest<PaymentsConfigResponse>(API.payments.config, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePaymentsConfig = () => useQuery(paymentsConfigQuery());

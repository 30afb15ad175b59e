import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

/**
 * Which provider takes the payments: the card entry shows the local form or Stripe's fields (with
 * Stripe's publishable key), the administration links Stripe's dashboard.
 */
const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: paymentsKeys.config(),
    queryFn: ({ signal }) => callApi(ROUTES.payments.config, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePaymentsConfig = () => useQuery(paymentsConfigQuery());

import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

/** Every coupon of the local provider, with its times redeemed. */
const adminCouponsQuery = () =>
  queryOptions({
    queryKey: paymentsKeys.coupons(),
    queryFn: ({ signal }) => callApi(ROUTES.payments.coupons, { signal }),
  });

export const useAdminCoupons = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...adminCouponsQuery(), enabled: options.enabled ?? true });

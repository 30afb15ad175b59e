import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

/** Every plan of the local provider, archived ones too. */
const adminPlansQuery = () =>
  queryOptions({
    queryKey: paymentsKeys.plans(),
    queryFn: ({ signal }) => callApi(ROUTES.payments.plans, { signal }),
  });

export const useAdminPlans = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...adminPlansQuery(), enabled: options.enabled ?? true });

import { ROUTES } from '@bridge-talk/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { agreementKeys } from './agreement-keys.js';

/** The side menu's count: asked again every minute and whenever the window regains focus. */
export const useAgreementsDueCount = () =>
  useQuery({
    queryKey: agreementKeys.dueCount(),
    queryFn: ({ signal }) => callApi(ROUTES.agreements.dueCount, { signal }),
    refetchInterval: 60_000,
  });

import { ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

/** Archives a plan (no longer offered) or restores it. */
function setPlanActive({ id, active }: { id: string; active: boolean }) {
  return callApi(active ? ROUTES.payments.planRestore : ROUTES.payments.planArchive, { params: { id } });
}

export function useSetPlanActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlanActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.plans() }),
  });
}

import { ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

export function archivePlan(id: string) {
  return callApi(ROUTES.payments.planArchive, { params: { id } });
}

export function useArchivePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archivePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.plans() }),
  });
}

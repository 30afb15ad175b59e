import { type AdminPlan, API, apiPath } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

export function archivePlan(id: string) {
  return apiRequest<AdminPlan>(apiPath(API.payments.planArchive, { id }), { method: 'POST' });
}

export function useArchivePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archivePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.plans() }),
  });
}

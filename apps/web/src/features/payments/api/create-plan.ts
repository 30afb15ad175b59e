import { type AdminPlan, API, type CreatePlanRequest } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

export function createPlan(input: CreatePlanRequest) {
  return apiRequest<AdminPlan>(API.payments.plans, { method: 'POST', body: input });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.plans() }),
  });
}

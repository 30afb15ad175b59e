import { type CreatePlanRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

function createPlan(input: CreatePlanRequest) {
  return callApi(ROUTES.payments.createPlan, { body: input });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.plans() }),
  });
}

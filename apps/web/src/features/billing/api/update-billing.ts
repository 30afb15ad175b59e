import { ROUTES, type UpdateBillingRequest } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { billingKeys } from './billing-keys.js';

/** Update-billing: new payment details for a group. */
function updateBilling(groupId: string, input: UpdateBillingRequest, idempotencyKey: string) {
  return callApi(ROUTES.billing.update, {
    params: { groupId },
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useUpdateBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { groupId: string; input: UpdateBillingRequest; idempotencyKey: string }) =>
      updateBilling(variables.groupId, variables.input, variables.idempotencyKey),
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: billingKeys.details(saved._id) }),
  });
}

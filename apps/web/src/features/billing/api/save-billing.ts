import { ROUTES, type SaveBillingRequest } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { billingKeys } from './billing-keys.js';

/** Wizard step 1: saves the payment details; without groupId the server creates the group. */
function saveBilling(input: SaveBillingRequest, idempotencyKey: string) {
  return callApi(ROUTES.billing.save, {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useSaveBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: SaveBillingRequest; idempotencyKey: string }) =>
      saveBilling(input, idempotencyKey),
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: billingKeys.details(saved._id) }),
  });
}

import { type AssignSubscriptionRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { billingKeys } from './billing-keys.js';

/** Wizard step 2: names the group after the child and subscribes it (the server computes the price). */
function assignSubscription(input: AssignSubscriptionRequest, idempotencyKey: string) {
  return callApi(ROUTES.billing.assignSubscription, {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useAssignSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: AssignSubscriptionRequest; idempotencyKey: string }) =>
      assignSubscription(input, idempotencyKey),
    // A redemption changes the coupons' counts; the group's subscription is new.
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.details(saved._id) });
      await queryClient.invalidateQueries({ queryKey: billingKeys.plans() });
    },
  });
}

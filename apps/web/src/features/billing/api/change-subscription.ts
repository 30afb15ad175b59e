import { type ChangeSubscriptionRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { billingKeys } from './billing-keys.js';

/** Change plan of a monthly family. */
function changeSubscription(input: ChangeSubscriptionRequest, idempotencyKey: string) {
  return callApi(ROUTES.billing.changeSubscription, {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ChangeSubscriptionRequest; idempotencyKey: string }) =>
      changeSubscription(input, idempotencyKey),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.details(saved._id) });
      await queryClient.invalidateQueries({ queryKey: billingKeys.plans() });
    },
  });
}

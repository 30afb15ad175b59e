import { type CreateCouponRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

function createCoupon(input: CreateCouponRequest) {
  return callApi(ROUTES.payments.createCoupon, { body: input });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.coupons() }),
  });
}

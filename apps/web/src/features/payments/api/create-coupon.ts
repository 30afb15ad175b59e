import { type AdminCoupon, API, type CreateCouponRequest } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

export function createCoupon(input: CreateCouponRequest) {
  return apiRequest<AdminCoupon>(API.payments.coupons, { method: 'POST', body: input });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.coupons() }),
  });
}

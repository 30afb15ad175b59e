import { type EditCouponRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { paymentsKeys } from './payments-keys.js';

/** A coupon's name and redemption limit, or the coupon archived (its code stops working). */
function editCoupon({ id, input }: { id: string; input: EditCouponRequest }) {
  return callApi(ROUTES.payments.editCoupon, { params: { id }, body: input });
}

function archiveCoupon(id: string) {
  return callApi(ROUTES.payments.couponArchive, { params: { id } });
}

export function useEditCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.coupons() }),
  });
}

export function useArchiveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.coupons() }),
  });
}

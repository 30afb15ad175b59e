import { ROUTES } from '@bridge-talk/contract';
import { callApi } from '../../../shared/api/api-client.js';

/** The coupon of that code; a 404 (MSG.billing.couponNotValid) when it is unknown or used up. */
export function findCoupon(code: string) {
  return callApi(ROUTES.billing.coupon, { params: { code } });
}

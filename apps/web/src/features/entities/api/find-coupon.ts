// The coupon lookup of the billing area (its path belongs to the billing module), used by the entity
// form when the coupon field is left.
import type { Coupon } from '@bridge-talk/contract';
import { apiRequest } from '../../../shared/api/api-client.js';

const BILLING_COUPON = '/api/group/billing/coupon';

/** The coupon of that code; any failure (a 404 included) means the code is not valid. */
export function findCoupon(code: string) {
  return apiRequest<Coupon>(`${BILLING_COUPON}/${encodeURIComponent(code)}`);
}

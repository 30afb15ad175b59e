import { API, apiPath, type Coupon } from '@bridge-talk/contract';
import { apiRequest } from '../../../shared/api/api-client.js';

/** The coupon of that code; a 404 (MSG.billing.couponNotValid) when it is unknown or used up. */
export function findCoupon(code: string) {
  return apiRequest<Coupon>(apiPath(API.billing.coupon, { code }));
}

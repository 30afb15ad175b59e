import type { ROUTES } from '../routes.js';
import { ZCoupon } from '../rules/index.js';
import {
  ZAssignSubscriptionRequest,
  ZBillingDetailsResponse,
  ZChangeSubscriptionRequest,
  ZCouponParams,
  ZFamilyIdParams,
  ZFamilySavedResponse,
  ZIdempotencyHeaders,
  ZMessageResponse,
  ZPlanListQuery,
  ZPlanListResponse,
  ZSaveBillingRequest,
  ZUpdateBillingRequest,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403, 404);
/** What a call that reaches the payment provider may answer besides. */
const paymentRefused = { ...refused, ...errorAnswers(409, 422, 503) };

export const billingEndpoints = {
  /** An admin names the entity with `?entityId=`. */
  plans: {
    query: ZPlanListQuery,
    responses: { 200: ZPlanListResponse, ...refused, ...errorAnswers(503) },
  },
  coupon: {
    params: ZCouponParams,
    responses: { 200: ZCoupon, ...refused, ...errorAnswers(503) },
  },
  assignSubscription: {
    headers: ZIdempotencyHeaders,
    body: ZAssignSubscriptionRequest,
    responses: { 200: ZFamilySavedResponse, ...paymentRefused },
  },
  save: {
    headers: ZIdempotencyHeaders,
    body: ZSaveBillingRequest,
    responses: { 200: ZFamilySavedResponse, ...paymentRefused },
  },
  update: {
    headers: ZIdempotencyHeaders,
    params: ZFamilyIdParams,
    body: ZUpdateBillingRequest,
    responses: { 200: ZFamilySavedResponse, ...paymentRefused },
  },
  changeSubscription: {
    headers: ZIdempotencyHeaders,
    body: ZChangeSubscriptionRequest,
    responses: { 200: ZFamilySavedResponse, ...paymentRefused },
  },
  details: {
    params: ZFamilyIdParams,
    responses: { 200: ZBillingDetailsResponse, ...refused },
  },
  /** 409 once the family is named or has a plan: only an unfinished family may be discarded. */
  discard: {
    params: ZFamilyIdParams,
    responses: { 200: ZMessageResponse, ...paymentRefused },
  },
} satisfies SchemasOf<typeof ROUTES.billing>;

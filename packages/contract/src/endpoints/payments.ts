import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import {
  ZAdminCoupon,
  ZAdminCouponList,
  ZAdminPlan,
  ZAdminPlanList,
  ZCardSetupResponse,
  ZCardToken,
  ZCouponIdParams,
  ZCreateCouponRequest,
  ZCreatePlanRequest,
  ZEditCouponRequest,
  ZLocalCardTokenRequest,
  ZPaymentsConfigResponse,
  ZPlanIdParams,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403);
/** The plan and coupon administration exists with the local provider only (409 with Stripe). */
const adminRefused = errorAnswers(400, 401, 403, 409);

export const paymentsEndpoints = {
  config: { responses: { 200: ZPaymentsConfigResponse, ...refused } },
  /** Keeps brand, last 4 and expiry; never the number or CVC. */
  localTokens: {
    body: ZLocalCardTokenRequest,
    responses: { 200: ZCardToken, ...refused, ...errorAnswers(404, 429) },
  },
  stripeCardSetup: { responses: { 200: ZCardSetupResponse, ...refused, ...errorAnswers(404, 429) } },
  plans: { responses: { 200: ZAdminPlanList, ...adminRefused } },
  createPlan: { body: ZCreatePlanRequest, responses: { 200: ZAdminPlan, ...adminRefused } },
  planArchive: {
    params: ZPlanIdParams,
    responses: { 200: ZAdminPlan, ...adminRefused, ...errorAnswers(404) },
  },
  planRestore: {
    params: ZPlanIdParams,
    responses: { 200: ZAdminPlan, ...adminRefused, ...errorAnswers(404) },
  },
  coupons: { responses: { 200: ZAdminCouponList, ...adminRefused } },
  createCoupon: {
    body: ZCreateCouponRequest,
    responses: { 200: ZAdminCoupon, ...adminRefused, ...errorAnswers(422) },
  },
  editCoupon: {
    params: ZCouponIdParams,
    body: ZEditCouponRequest,
    responses: { 200: ZAdminCoupon, ...adminRefused, ...errorAnswers(404, 422) },
  },
  couponArchive: {
    params: ZCouponIdParams,
    responses: { 200: ZAdminCoupon, ...adminRefused, ...errorAnswers(404) },
  },
  /** The body is read as raw bytes: Stripe's signature over them is the authentication. */
  stripeWebhook: {
    headers: z.looseObject({ 'stripe-signature': z.string().max(2048).optional() }),
    responses: {
      200: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }),
      ...errorAnswers(400),
    },
  },
} satisfies SchemasOf<typeof ROUTES.payments>;

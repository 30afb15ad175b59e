// HTTP of group billing: plans, coupon lookup, payment details and subscriptions.
// Entity-only, except the plan list and the coupon lookup, which the admin's entity screens use too.
import {
  API,
  MSG,
  ZAssignSubscriptionRequest,
  ZBillingDetailsResponse,
  ZChangeSubscriptionRequest,
  ZCoupon,
  ZCouponParams,
  ZErrorResponse,
  ZGroupIdParams,
  ZGroupSavedResponse,
  ZIdempotencyHeaders,
  ZPlanListQuery,
  ZPlanListResponse,
  ZSaveBillingRequest,
  ZUpdateBillingRequest,
} from '@bridge-talk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import type { PaymentsProvider } from '../../providers/payments/index.js';
import { createBillingService } from './billing.service.js';
import { withIdempotency } from './idempotency.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
/** What a call that reaches the payment provider may answer besides. */
const paymentErrors = { ...errors, 409: ZErrorResponse, 422: ZErrorResponse, 503: ZErrorResponse };

export async function billingRoutes(
  app: FastifyInstance,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsProvider },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const billing = createBillingService(ctx, payments);

  /**
   * A paying request under an `Idempotency-Key`: the first does the work and its answer is kept; a
   * repeat (a double submit, a retry after a lost answer) gets that answer and does nothing again.
   */
  const idempotent = <T>(
    request: FastifyRequest<{ Headers: { 'idempotency-key'?: string | undefined } }>,
    route: string,
    run: () => Promise<T>,
  ) =>
    withIdempotency(
      ctx.db,
      {
        userId: actorOf(request).userId,
        key: request.headers['idempotency-key'],
        route,
        request: request.body,
      },
      run,
    );
  const entityOnly = { onRequest: app.requireRole('entity') };
  const bothRoles = { onRequest: app.requireRole('admin', 'entity') };
  const tags = ['billing'];
  const security = [{ bearer: [] }];

  r.get(
    API.billing.plans,
    {
      ...bothRoles,
      schema: {
        tags,
        security,
        summary:
          "The active plans (own prices) and the entity's usable coupon; an admin names the entity with ?entityId=",
        querystring: ZPlanListQuery,
        response: { 200: ZPlanListResponse, ...errors, 503: ZErrorResponse },
      },
    },
    async (request) => billing.listPlans({ actor: actorOf(request), input: request.query }),
  );

  r.get(
    API.billing.coupon,
    {
      ...bothRoles,
      schema: {
        tags,
        security,
        summary: `A coupon by its code; 404 '${MSG.billing.couponNotValid}' when unknown or used up`,
        params: ZCouponParams,
        response: { 200: ZCoupon, ...errors, 503: ZErrorResponse },
      },
    },
    async (request) => billing.findCoupon({ actor: actorOf(request), input: request.params }),
  );

  r.post(
    API.billing.save,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: 'Save payment details (card token only); without groupId a new group is created',
        headers: ZIdempotencyHeaders,
        body: ZSaveBillingRequest,
        response: { 200: ZGroupSavedResponse, ...paymentErrors },
      },
    },
    async (request) =>
      idempotent(request, 'billing.save', () =>
        billing.saveBilling({ actor: actorOf(request), input: request.body }),
      ),
  );

  r.put(
    API.billing.update,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: "Replace a group's payment details",
        headers: ZIdempotencyHeaders,
        params: ZGroupIdParams,
        body: ZUpdateBillingRequest,
        response: { 200: ZGroupSavedResponse, ...paymentErrors },
      },
    },
    async (request) =>
      idempotent(request, `billing.update.${request.params.groupId}`, () =>
        billing.updateBilling({
          actor: actorOf(request),
          groupId: request.params.groupId,
          input: request.body,
        }),
      ),
  );

  r.post(
    API.billing.assignSubscription,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: 'Name the group after the child and subscribe it to a plan (the server computes the price)',
        headers: ZIdempotencyHeaders,
        body: ZAssignSubscriptionRequest,
        response: { 200: ZGroupSavedResponse, ...paymentErrors },
      },
    },
    async (request) =>
      idempotent(request, 'billing.assignSubscription', () =>
        billing.assignSubscription({ actor: actorOf(request), input: request.body }),
      ),
  );

  r.post(
    API.billing.changeSubscription,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: "Change a monthly group's plan",
        headers: ZIdempotencyHeaders,
        body: ZChangeSubscriptionRequest,
        response: { 200: ZGroupSavedResponse, ...paymentErrors },
      },
    },
    async (request) =>
      idempotent(request, 'billing.changeSubscription', () =>
        billing.changeSubscription({ actor: actorOf(request), input: request.body }),
      ),
  );

  r.get(
    API.billing.details,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: "A group's stored payment details (card brand and last 4 only) and its current subscription",
        params: ZGroupIdParams,
        response: { 200: ZBillingDetailsResponse, ...errors },
      },
    },
    async (request) => billing.billingDetails({ actor: actorOf(request), groupId: request.params.groupId }),
  );
}

// HTTP of group billing: plans, coupon lookup, payment details and subscriptions.
// Entity-only, except the plan list and the coupon lookup, which the admin's entity screens use too.
import { endpoints, MSG } from '@bridge-talk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import type { PaymentsProvider } from '../../providers/payments/index.js';
import { createBillingService } from './billing.service.js';
import { withIdempotency } from './idempotency.js';

export async function billingRoutes(
  app: FastifyInstance,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsProvider },
) {
  const billing = createBillingService(ctx, payments);

  /**
   * A paying request under an `Idempotency-Key`: the first does the work and its answer is kept; a
   * repeat (a double submit, a retry after a lost answer) gets that answer and does nothing again.
   */
  const idempotent = <T>(
    request: FastifyRequest<{ Headers: { 'idempotency-key'?: string | undefined } }>,
    routeName: string,
    run: () => Promise<T>,
  ) =>
    withIdempotency(
      ctx.db,
      {
        userId: actorOf(request).userId,
        key: request.headers['idempotency-key'],
        route: routeName,
        request: request.body,
      },
      run,
    );
  const entityOnly = { onRequest: app.requireRole('entity') };
  const bothRoles = { onRequest: app.requireRole('admin', 'entity') };
  const docs = { tags: ['billing'] };

  route(
    app,
    endpoints.billing.plans,
    {
      ...bothRoles,
      schema: {
        ...docs,
        summary:
          "The active plans (own prices) and the entity's usable coupon; an admin names the entity with ?entityId=",
      },
    },
    async (request) => billing.listPlans({ actor: actorOf(request), input: request.query }),
  );

  route(
    app,
    endpoints.billing.coupon,
    {
      ...bothRoles,
      schema: {
        ...docs,
        summary: `A coupon by its code; 404 '${MSG.billing.couponNotValid}' when unknown or used up`,
      },
    },
    async (request) => billing.findCoupon({ actor: actorOf(request), input: request.params }),
  );

  route(
    app,
    endpoints.billing.save,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: 'Save payment details (card token only); without groupId a new group is created',
      },
    },
    async (request) =>
      idempotent(request, 'billing.save', () =>
        billing.saveBilling({ actor: actorOf(request), input: request.body }),
      ),
  );

  route(
    app,
    endpoints.billing.update,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: "Replace a group's payment details",
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

  route(
    app,
    endpoints.billing.assignSubscription,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: 'Name the group after the child and subscribe it to a plan (the server computes the price)',
      },
    },
    async (request) =>
      idempotent(request, 'billing.assignSubscription', () =>
        billing.assignSubscription({ actor: actorOf(request), input: request.body }),
      ),
  );

  route(
    app,
    endpoints.billing.changeSubscription,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: "Change a monthly group's plan",
      },
    },
    async (request) =>
      idempotent(request, 'billing.changeSubscription', () =>
        billing.changeSubscription({ actor: actorOf(request), input: request.body }),
      ),
  );

  route(
    app,
    endpoints.billing.details,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: "A group's stored payment details (card brand and last 4 only) and its current subscription",
      },
    },
    async (request) => billing.billingDetails({ actor: actorOf(request), groupId: request.params.groupId }),
  );

  route(
    app,
    endpoints.billing.discard,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: `Discard a family that was never named and has no plan: its card is detached, then it is deleted (409 '${MSG.families.onlyUnfinishedDiscarded}' otherwise)`,
      },
    },
    async (request) =>
      billing.discardUnfinishedFamily({ actor: actorOf(request), groupId: request.params.groupId }),
  );
}

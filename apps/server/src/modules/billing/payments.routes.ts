// HTTP of the payment provider's side: its configuration for the browser, the local card tokeniser,
// the plan and coupon administration (admins, local provider) and, with Stripe, the signed webhook.
import {
  API,
  ZAdminCoupon,
  ZAdminCouponList,
  ZAdminPlan,
  ZAdminPlanList,
  ZCardSetupResponse,
  ZCardToken,
  ZCreateCouponRequest,
  ZCreatePlanRequest,
  ZErrorResponse,
  ZLocalCardTokenRequest,
  ZPaymentsConfigResponse,
  ZPlanIdParams,
} from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import type { PaymentsProvider } from '../../providers/payments/index.js';
import { createPaymentsService } from './payments.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

export async function paymentsRoutes(
  app: FastifyInstance,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsProvider },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createPaymentsService(ctx, payments);
  const adminOnly = { onRequest: app.requireRole('admin') };
  const tags = ['payments'];
  const security = [{ bearer: [] }];
  // Card entry is tried card after card by whoever tests stolen numbers: it is limited per address.
  const cardEntryLimit = {
    rateLimit: {
      max: ctx.config.auth.rateLimitMax * 3,
      timeWindow: ctx.config.auth.rateLimitWindowSeconds * 1000,
    },
  };

  r.get(
    API.payments.config,
    {
      onRequest: app.requireRole('admin', 'entity'),
      schema: {
        tags,
        security,
        summary:
          "The payment provider; Stripe's publishable key (card fields) and dashboard address (admins)",
        response: { 200: ZPaymentsConfigResponse, ...errors },
      },
    },
    async (request) => service.paymentsConfig({ actor: actorOf(request) }),
  );

  r.post(
    API.payments.localTokens,
    {
      onRequest: app.requireRole('entity'),
      config: cardEntryLimit,
      schema: {
        tags,
        security,
        summary:
          'Local provider: exchange a card for a token. Keeps brand, last 4 and expiry; never the number or CVC',
        body: ZLocalCardTokenRequest,
        response: { 200: ZCardToken, ...errors, 404: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => service.createCardToken({ actor: actorOf(request), input: request.body }),
  );

  r.post(
    API.payments.stripeCardSetup,
    {
      onRequest: app.requireRole('entity'),
      config: cardEntryLimit,
      schema: {
        tags,
        security,
        summary:
          "Stripe: a SetupIntent's client secret; the browser confirms it with the card, which its bank then checks",
        response: { 200: ZCardSetupResponse, ...errors, 404: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => service.createCardSetup({ actor: actorOf(request) }),
  );

  r.get(
    API.payments.plans,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Local provider: every plan, archived ones too',
        response: { 200: ZAdminPlanList, ...errors, 409: ZErrorResponse },
      },
    },
    async (request) => service.listPlans({ actor: actorOf(request) }),
  );

  r.post(
    API.payments.plans,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Local provider: create a plan',
        body: ZCreatePlanRequest,
        response: { 200: ZAdminPlan, ...errors, 409: ZErrorResponse },
      },
    },
    async (request) => service.createPlan({ actor: actorOf(request), input: request.body }),
  );

  r.post(
    API.payments.planArchive,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Local provider: archive a plan (no longer offered; families that have it keep it)',
        params: ZPlanIdParams,
        response: { 200: ZAdminPlan, ...errors, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => service.archivePlan({ actor: actorOf(request), id: request.params.id }),
  );

  r.get(
    API.payments.coupons,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Local provider: every coupon, with times redeemed',
        response: { 200: ZAdminCouponList, ...errors, 409: ZErrorResponse },
      },
    },
    async (request) => service.listCoupons({ actor: actorOf(request) }),
  );

  r.post(
    API.payments.coupons,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Local provider: create a coupon (percent or amount off, for the plans it names)',
        body: ZCreateCouponRequest,
        response: { 200: ZAdminCoupon, ...errors, 409: ZErrorResponse, 422: ZErrorResponse },
      },
    },
    async (request) => service.createCoupon({ actor: actorOf(request), input: request.body }),
  );

  if (payments.kind === 'stripe') {
    // Public: Stripe calls it, and the signature over the raw body is the authentication.
    await app.register(async (webhook) => {
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      webhook.withTypeProvider<ZodTypeProvider>().post(
        API.payments.stripeWebhook,
        {
          schema: {
            tags,
            summary: 'Stripe webhook: verified by its signature; each event is applied once',
            headers: z.looseObject({ 'stripe-signature': z.string().max(2048).optional() }),
            response: {
              200: z.object({
                received: z.literal(true),
                outcome: z.enum(['applied', 'duplicate', 'ignored']),
              }),
              400: ZErrorResponse,
            },
          },
        },
        async (request) => ({
          received: true as const,
          outcome: await service.receiveStripeWebhook(
            request.body as Buffer,
            request.headers['stripe-signature'],
          ),
        }),
      );
    });
  }
}

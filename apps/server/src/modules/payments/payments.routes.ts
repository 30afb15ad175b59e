// HTTP of the payment provider's side: its configuration for the browser, the local card tokeniser,
// the plan and coupon administration (admins, local provider) and, with Stripe, the signed webhook.
import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import type { PaymentsProvider } from '../../providers/payments/index.js';
import { createPaymentsService } from './payments.service.js';

export async function paymentsRoutes(
  app: FastifyInstance,
  { ctx, payments }: { ctx: AppContext; payments: PaymentsProvider },
) {
  const service = createPaymentsService(ctx, payments);
  const adminOnly = { onRequest: app.requireRole('admin') };
  const tags = ['payments'];
  const docs = { tags };
  // Card entry is tried card after card by whoever tests stolen numbers: it is limited per address.
  const cardEntryLimit = {
    rateLimit: {
      max: ctx.config.auth.rateLimitMax * 3,
      timeWindow: ctx.config.auth.rateLimitWindowSeconds * 1000,
    },
  };

  route(
    app,
    endpoints.payments.config,
    {
      onRequest: app.requireRole('admin', 'entity'),
      schema: {
        ...docs,
        summary:
          "The payment provider; Stripe's publishable key (card fields) and dashboard address (admins)",
      },
    },
    async (request) => service.paymentsConfig({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.payments.localTokens,
    {
      onRequest: app.requireRole('entity'),
      config: cardEntryLimit,
      schema: {
        ...docs,
        summary:
          'Local provider: exchange a card for a token. Keeps brand, last 4 and expiry; never the number or CVC',
      },
    },
    async (request) => service.createCardToken({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.payments.stripeCardSetup,
    {
      onRequest: app.requireRole('entity'),
      config: cardEntryLimit,
      schema: {
        ...docs,
        summary:
          "Stripe: a SetupIntent's client secret; the browser confirms it with the card, which its bank then checks",
      },
    },
    async (request) => service.createCardSetup({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.payments.plans,
    {
      ...adminOnly,
      schema: { ...docs, summary: 'Local provider: every plan, archived ones too' },
    },
    async (request) => service.listPlans({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.payments.createPlan,
    {
      ...adminOnly,
      schema: { ...docs, summary: 'Local provider: create a plan' },
    },
    async (request) => service.createPlan({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.payments.planArchive,
    {
      ...adminOnly,
      schema: {
        ...docs,
        summary: 'Local provider: archive a plan (no longer offered; families that have it keep it)',
      },
    },
    async (request) => service.archivePlan({ actor: actorOf(request), id: request.params.id }),
  );

  route(
    app,
    endpoints.payments.planRestore,
    {
      ...adminOnly,
      schema: { ...docs, summary: 'Local provider: restore an archived plan (offered again)' },
    },
    async (request) => service.restorePlan({ actor: actorOf(request), id: request.params.id }),
  );

  route(
    app,
    endpoints.payments.coupons,
    {
      ...adminOnly,
      schema: { ...docs, summary: 'Local provider: every coupon, with times redeemed' },
    },
    async (request) => service.listCoupons({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.payments.createCoupon,
    {
      ...adminOnly,
      schema: {
        ...docs,
        summary: 'Local provider: create a coupon (percent or amount off, for the plans it names)',
      },
    },
    async (request) => service.createCoupon({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.payments.editCoupon,
    {
      ...adminOnly,
      schema: {
        ...docs,
        summary: "Local provider: a coupon's name and redemption limit (its discount and plans never change)",
      },
    },
    async (request) =>
      service.editCoupon({ actor: actorOf(request), id: request.params.id, input: request.body }),
  );

  route(
    app,
    endpoints.payments.couponArchive,
    {
      ...adminOnly,
      schema: { ...docs, summary: 'Local provider: archive a coupon (its code stops working at once)' },
    },
    async (request) => service.archiveCoupon({ actor: actorOf(request), id: request.params.id }),
  );

  if (payments.kind === 'stripe') {
    // Public: Stripe calls it, and the signature over the raw body is the authentication.
    await app.register(async (webhook) => {
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      route(
        webhook,
        endpoints.payments.stripeWebhook,
        {
          schema: { tags, summary: 'Stripe webhook: verified by its signature; each event is applied once' },
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

import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createReportsService } from './reports.service.js';
import { receiveStreamWebhook } from './stream-reports.js';

export async function reportsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createReportsService(ctx);
  const entityOnly = { onRequest: app.requireRole('entity') };
  const docs = { tags: ['reports'] };

  route(
    app,
    endpoints.reports.list,
    {
      ...entityOnly,
      schema: { ...docs, summary: "The entity's reported messages: open ones first, newest first" },
    },
    async (request) => service.list({ actor: actorOf(request), input: request.query }),
  );

  route(
    app,
    endpoints.reports.count,
    { ...entityOnly, schema: { ...docs, summary: "How many of the entity's reports are open" } },
    async (request) => service.count({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.reports.review,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: 'Mark a report as reviewed, with what was done (recorded in the activity)',
      },
    },
    async (request) =>
      service.review({ actor: actorOf(request), id: request.params.id, input: request.body }),
  );

  route(
    app,
    endpoints.reports.reopen,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'Open a reviewed report again, saying why (recorded in the activity)' },
    },
    async (request) =>
      service.reopen({ actor: actorOf(request), id: request.params.id, input: request.body }),
  );

  route(
    app,
    endpoints.reports.alerts,
    { ...entityOnly, schema: { ...docs, summary: 'How the entity hears of reported messages' } },
    async (request) => service.alertSetting({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.reports.setAlerts,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'Alerts of reported messages: each within a minute, or a daily digest' },
    },
    async (request) => service.saveAlertSetting({ actor: actorOf(request), input: request.body }),
  );

  if (ctx.chat.kind === 'stream') {
    // Public: Stream calls it, and the signature over the raw body is the authentication.
    await app.register(async (webhook) => {
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      route(
        webhook,
        endpoints.reports.streamWebhook,
        {
          schema: {
            tags: ['reports'],
            summary: "Stream's webhook: verified by its signature; a report is stored once",
          },
        },
        async (request) => {
          const signature = request.headers['x-signature'];
          return receiveStreamWebhook(
            ctx,
            request.body as Buffer,
            typeof signature === 'string' ? signature : undefined,
          );
        },
      );
    });
  }
}

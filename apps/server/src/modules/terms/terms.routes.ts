import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createTermsService } from './terms.service.js';

export async function termsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createTermsService(ctx);
  const tags = ['terms'];
  const docs = { tags, security: [{ bearer: [] }] };

  route(
    app,
    endpoints.term.last,
    { schema: { tags, summary: 'The terms in force (public: the logged-out screens show them)' } },
    async () => service.getLatestTerms(),
  );

  route(
    app,
    endpoints.term.byId,
    {
      onRequest: app.requireRole('admin'),
      schema: { ...docs, summary: 'One version of the terms (the editor starts from it)' },
    },
    async (request) => service.getTerms({ actor: actorOf(request), input: request.params }),
  );

  route(
    app,
    endpoints.term.create,
    {
      onRequest: app.requireRole('admin'),
      schema: { ...docs, summary: 'Save a new version of the terms; the html is sanitised' },
    },
    async (request, reply) => {
      const terms = await service.createTerms({ actor: actorOf(request), input: request.body });
      return reply.code(201).send(terms);
    },
  );
}

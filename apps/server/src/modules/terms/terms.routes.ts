import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createTermsService } from './terms.service.js';

export async function termsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createTermsService(ctx);
  const tags = ['terms'];
  const docs = { tags };

  route(
    app,
    endpoints.terms.last,
    {
      schema: {
        tags,
        summary: 'The terms or the privacy policy in force (public: the logged-out screens show them)',
      },
    },
    async (request) => service.getLatestTerms({ input: request.query }),
  );

  route(
    app,
    endpoints.terms.versions,
    {
      onRequest: app.requireRole('admin'),
      schema: { ...docs, summary: "A document's versions, newest first, with their dates and authors" },
    },
    async (request) => service.listTermsVersions({ actor: actorOf(request), input: request.query }),
  );

  route(
    app,
    endpoints.terms.byId,
    {
      onRequest: app.requireRole('admin'),
      schema: { ...docs, summary: 'One version of the terms (the editor starts from it)' },
    },
    async (request) => service.getTerms({ actor: actorOf(request), input: request.params }),
  );

  route(
    app,
    endpoints.terms.create,
    {
      onRequest: app.requireRole('admin'),
      schema: {
        ...docs,
        summary: 'Save a new version of a document; the html is sanitised; an unchanged text saves nothing',
      },
    },
    async (request, reply) => {
      const terms = await service.createTerms({ actor: actorOf(request), input: request.body });
      return reply.code(terms.unchanged ? 200 : 201).send(terms);
    },
  );
}

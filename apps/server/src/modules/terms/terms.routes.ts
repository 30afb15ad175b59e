import { API, ZCreateTermsRequest, ZErrorResponse, ZId, ZTerms } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createTermsService } from './terms.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

export async function termsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createTermsService(ctx);
  const tags = ['terms'];
  const security = [{ bearer: [] }];

  r.get(
    API.term.last,
    {
      schema: {
        tags,
        summary: 'The terms in force (public: the logged-out screens show them)',
        response: { 200: ZTerms, 404: ZErrorResponse },
      },
    },
    async () => service.getLatestTerms(),
  );

  r.get(
    API.term.byId,
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'One version of the terms (the editor starts from it)',
        params: z.object({ id: ZId }),
        response: { 200: ZTerms, ...errors, 404: ZErrorResponse },
      },
    },
    async (request) => service.getTerms({ actor: actorOf(request), input: request.params }),
  );

  r.post(
    API.term.create,
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'Save a new version of the terms; the html is sanitised',
        body: ZCreateTermsRequest,
        response: { 201: ZTerms, ...errors },
      },
    },
    async (request, reply) => {
      const terms = await service.createTerms({ actor: actorOf(request), input: request.body });
      return reply.code(201).send(terms);
    },
  );
}

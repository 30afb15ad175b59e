import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createAgreementsService } from './agreements.service.js';

export async function agreementsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createAgreementsService(ctx);
  const entityOnly = { onRequest: app.requireRole('entity') };
  const docs = { tags: ['agreements'] };

  route(
    app,
    endpoints.agreements.get,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary:
          "A family's contact agreement: a version's items and the state of each window, and every version",
      },
    },
    async (request) =>
      service.get({ actor: actorOf(request), groupId: request.params.groupId, input: request.query }),
  );

  route(
    app,
    endpoints.agreements.save,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'Write a new version of the contact agreement, from its first day' },
    },
    async (request) =>
      service.save({ actor: actorOf(request), groupId: request.params.groupId, input: request.body }),
  );

  route(
    app,
    endpoints.agreements.mark,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'Mark a window of an item given on a day, or excused with a reason' },
    },
    async (request) =>
      service.mark({ actor: actorOf(request), groupId: request.params.groupId, input: request.body }),
  );
}

// HTTP of families.
// Entity only; a family of another entity answers 404.
import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createFamiliesService } from './families.service.js';

export async function familiesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createFamiliesService(ctx);
  const entityOnly = { onRequest: app.requireRole('entity') };
  const docs = { tags: ['families'] };

  route(
    app,
    endpoints.families.list,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary:
          "A page of the entity's families, searched by the child's name or any e-mail of the family, optionally sorted by status",
      },
    },
    async (request) => service.listFamilies({ actor: actorOf(request), input: request.query }),
  );

  route(
    app,
    endpoints.families.byId,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'One family with its payment e-mail and plan (one-time or monthly)' },
    },
    async (request) => service.getFamily({ actor: actorOf(request), input: request.params }),
  );

  route(
    app,
    endpoints.families.edit,
    { ...entityOnly, schema: { ...docs, summary: "Rename a family (the child's name)" } },
    async (request) =>
      service.renameFamily({
        actor: actorOf(request),
        input: { groupId: request.params.groupId, body: request.body },
      }),
  );
}

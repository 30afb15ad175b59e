import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createEntitiesService } from './entities.service.js';

export async function entitiesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createEntitiesService(ctx);
  const adminOnly = { onRequest: app.requireRole('admin') };
  const docs = { tags: ['entities'] };

  route(
    app,
    endpoints.entities.list,
    {
      ...adminOnly,
      schema: {
        ...docs,
        summary: 'A page of entities, searched by name or e-mail, optionally sorted by status',
      },
    },
    async (request) => service.listEntities({ actor: actorOf(request), input: request.query }),
  );

  route(
    app,
    endpoints.entities.byId,
    { ...adminOnly, schema: { ...docs, summary: 'One entity' } },
    async (request) => service.getEntity({ actor: actorOf(request), input: request.params }),
  );

  route(
    app,
    endpoints.entities.create,
    {
      ...adminOnly,
      schema: {
        ...docs,
        summary: 'Create an entity; its person is e-mailed an invitation with an activation code',
      },
    },
    async (request, reply) => {
      const entity = await service.createEntity({ actor: actorOf(request), input: request.body });
      return reply.code(201).send(entity);
    },
  );

  route(
    app,
    endpoints.entities.edit,
    {
      ...adminOnly,
      schema: {
        ...docs,
        summary: 'Save an entity, or change its status (disable ends its sessions; enable invites)',
      },
    },
    async (request) =>
      service.updateEntity({
        actor: actorOf(request),
        input: { id: request.params.id, body: request.body },
      }),
  );

  route(
    app,
    endpoints.entities.reject,
    {
      ...adminOnly,
      schema: {
        ...docs,
        summary: 'Reject a pending access request (removed); its requester may be told by e-mail',
      },
    },
    async (request) =>
      service.rejectAccessRequest({
        actor: actorOf(request),
        input: { id: request.params.id, body: request.body },
      }),
  );
}

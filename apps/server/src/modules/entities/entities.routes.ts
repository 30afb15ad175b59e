import {
  API,
  ZCreateEntityRequest,
  ZEntity,
  ZEntityListQuery,
  ZEntityListResponse,
  ZErrorResponse,
  ZId,
  ZUpdateEntityRequest,
} from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createEntitiesService } from './entities.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };
const ZIdParams = z.object({ id: ZId });

export async function entitiesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createEntitiesService(ctx);
  const adminOnly = { onRequest: app.requireRole('admin') };
  const tags = ['entities'];
  const security = [{ bearer: [] }];

  r.get(
    API.entity.list,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'A page of entities, searched by name or e-mail, optionally sorted by status',
        querystring: ZEntityListQuery,
        response: { 200: ZEntityListResponse, ...errors },
      },
    },
    async (request) => service.listEntities({ actor: actorOf(request), input: request.query }),
  );

  r.get(
    API.entity.byId,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'One entity',
        params: ZIdParams,
        response: { 200: ZEntity, ...errors, 404: ZErrorResponse },
      },
    },
    async (request) => service.getEntity({ actor: actorOf(request), input: request.params }),
  );

  r.post(
    API.entity.create,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Create an entity; its person is e-mailed an invitation with an activation code',
        body: ZCreateEntityRequest,
        response: { 201: ZEntity, ...errors, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const entity = await service.createEntity({ actor: actorOf(request), input: request.body });
      return reply.code(201).send(entity);
    },
  );

  r.put(
    API.entity.edit,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Save an entity, or change its status (disable ends its sessions; enable invites)',
        params: ZIdParams,
        body: ZUpdateEntityRequest,
        response: { 200: ZEntity, ...errors, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) =>
      service.updateEntity({
        actor: actorOf(request),
        input: { id: request.params.id, body: request.body },
      }),
  );
}

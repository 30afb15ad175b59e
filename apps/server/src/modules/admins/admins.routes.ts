import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createAdminsService } from './admins.service.js';

export async function adminsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createAdminsService(ctx);
  const adminOnly = { onRequest: app.requireRole('admin') };
  const docs = { tags: ['admins'] };

  route(
    app,
    endpoints.admins.list,
    { ...adminOnly, schema: { ...docs, summary: 'A page of admins (`?page=`), or one admin (`?id=`)' } },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.query;
      return id === undefined
        ? service.listAdmins({ actor, input: request.query })
        : service.getAdmin({ actor, input: { id } });
    },
  );

  route(
    app,
    endpoints.admins.create,
    {
      ...adminOnly,
      schema: { ...docs, summary: 'Create an admin; an invitation with an activation code is e-mailed' },
    },
    async (request, reply) => {
      const admin = await service.createAdmin({ actor: actorOf(request), input: request.body });
      return reply.code(201).send(admin);
    },
  );

  route(
    app,
    endpoints.admins.edit,
    { ...adminOnly, schema: { ...docs, summary: "Save an admin's name and e-mail" } },
    async (request) =>
      service.updateAdmin({ actor: actorOf(request), input: { id: request.params.id, body: request.body } }),
  );

  route(
    app,
    endpoints.admins.remove,
    {
      ...adminOnly,
      schema: { ...docs, summary: 'Remove an admin (not yourself, not the last one); its sessions end' },
    },
    async (request) => service.removeAdmin({ actor: actorOf(request), input: request.params }),
  );
}

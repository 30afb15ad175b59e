import {
  API,
  ZAdminListQuery,
  ZAdminListResponse,
  ZAdminRequest,
  ZAdminUser,
  ZErrorResponse,
  ZId,
  ZMessageResponse,
} from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createAdminsService } from './admins.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };
const ZIdParams = z.object({ id: ZId });

export async function adminsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminsService(ctx);
  const adminOnly = { onRequest: app.requireRole('admin') };
  const tags = ['admins'];
  const security = [{ bearer: [] }];

  r.get(
    API.admin.list,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'A page of admins (`?page=`), or one admin (`?id=`)',
        querystring: ZAdminListQuery,
        response: { 200: z.union([ZAdminListResponse, ZAdminUser]), ...errors, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.query;
      return id === undefined
        ? service.listAdmins({ actor, input: request.query })
        : service.getAdmin({ actor, input: { id } });
    },
  );

  r.post(
    API.admin.create,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Create an admin; an invitation with an activation code is e-mailed',
        body: ZAdminRequest,
        response: { 201: ZAdminUser, ...errors, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const admin = await service.createAdmin({ actor: actorOf(request), input: request.body });
      return reply.code(201).send(admin);
    },
  );

  r.put(
    API.admin.edit,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: "Save an admin's name and e-mail",
        params: ZIdParams,
        body: ZAdminRequest,
        response: { 200: ZAdminUser, ...errors, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) =>
      service.updateAdmin({ actor: actorOf(request), input: { id: request.params.id, body: request.body } }),
  );

  r.delete(
    API.admin.remove,
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Remove an admin (not yourself, not the last one); its sessions end',
        params: ZIdParams,
        response: { 200: ZMessageResponse, ...errors, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => service.removeAdmin({ actor: actorOf(request), input: request.params }),
  );
}

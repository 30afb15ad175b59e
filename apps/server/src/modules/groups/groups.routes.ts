// HTTP of families.
// Entity only; a family of another entity answers 404.
import {
  API,
  ZEditGroupRequest,
  ZErrorResponse,
  ZGroup,
  ZGroupIdParams,
  ZGroupListQuery,
  ZGroupListResponse,
  ZGroupParams,
  ZGroupSavedResponse,
} from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createGroupsService } from './groups.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

export async function groupsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createGroupsService(ctx);
  const entityOnly = { onRequest: app.requireRole('entity') };
  const tags = ['families'];
  const security = [{ bearer: [] }];

  r.get(
    API.group.list,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary:
          "A page of the entity's families, searched by the child's name or any e-mail of the family, optionally sorted by status",
        querystring: ZGroupListQuery,
        response: { 200: ZGroupListResponse, ...errors },
      },
    },
    async (request) => service.listGroups({ actor: actorOf(request), input: request.query }),
  );

  r.get(
    API.group.byId,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: 'One family with its payment e-mail and plan (one-time or monthly)',
        params: ZGroupParams,
        response: { 200: ZGroup, ...errors, 404: ZErrorResponse },
      },
    },
    async (request) => service.getGroup({ actor: actorOf(request), input: request.params }),
  );

  r.put(
    API.group.edit,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: "Rename a family (the child's name)",
        params: ZGroupIdParams,
        body: ZEditGroupRequest,
        response: { 200: ZGroupSavedResponse, ...errors, 404: ZErrorResponse },
      },
    },
    async (request) =>
      service.renameGroup({
        actor: actorOf(request),
        input: { groupId: request.params.groupId, body: request.body },
      }),
  );
}

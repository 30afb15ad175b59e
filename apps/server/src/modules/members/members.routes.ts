// HTTP of a family's people. Entity only; a family
// of another entity answers 404 and nothing changes.
import {
  API,
  ZAddMemberRequest,
  ZCheckUserRequest,
  ZCheckUserResponse,
  ZCreateMemberUserRequest,
  ZEditMemberUserRequest,
  ZErrorResponse,
  ZGroupMemberList,
  ZGroupParams,
  ZMemberParams,
  ZMemberStatusRequest,
  ZMemberUser,
  ZMessageResponse,
  ZSyncMembersRequest,
  ZUserIdParams,
} from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createMembersService } from './members.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const writeErrors = { ...errors, 409: ZErrorResponse, 422: ZErrorResponse };

export async function membersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createMembersService(ctx);
  const entityOnly = { onRequest: app.requireRole('entity') };
  const tags = ['families'];
  const security = [{ bearer: [] }];
  const { rateLimitMax, rateLimitWindowSeconds } = ctx.config.auth;

  r.get(
    API.group.members,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: "A family's people: child, adoptive parents and birth family, with their status",
        params: ZGroupParams,
        response: { 200: ZGroupMemberList, ...errors },
      },
    },
    async (request) => service.listMembers({ actor: actorOf(request), input: request.params }),
  );

  r.post(
    API.group.checkUser,
    {
      ...entityOnly,
      // A look-up by e-mail: enough for forms (60 in 5 minutes by default), not a way to sweep through
      // addresses. Counted per signed-in person, wherever they call from, in the shared store.
      config: {
        rateLimit: {
          max: rateLimitMax * 6,
          timeWindow: rateLimitWindowSeconds * 1000,
          keyGenerator: (request) => `user:${actorOf(request).userId}`,
        },
      },
      schema: {
        tags,
        security,
        summary:
          "The id and name of the person with this e-mail in one of the caller's families; else 404 as for an unknown e-mail",
        body: ZCheckUserRequest,
        response: { 200: ZCheckUserResponse, ...errors, 429: ZErrorResponse },
      },
    },
    async (request) => service.checkUser({ actor: actorOf(request), input: request.body }),
  );

  r.post(
    API.group.createUser,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: 'A new person in the family, in the role `subtype`; invited by e-mail when they have one',
        body: ZCreateMemberUserRequest,
        response: { 201: ZMemberUser, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createUser({ actor: actorOf(request), input: request.body })),
  );

  r.post(
    API.group.addMember,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: 'Link an existing person to the family in a role; invited by e-mail',
        body: ZAddMemberRequest,
        response: { 200: ZMemberUser, ...writeErrors },
      },
    },
    async (request) => service.addMember({ actor: actorOf(request), input: request.body }),
  );

  r.put(
    API.group.editUser,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: 'Edit a person of the family: name, e-mail and role',
        params: ZUserIdParams,
        body: ZEditMemberUserRequest,
        response: { 200: ZMemberUser, ...writeErrors },
      },
    },
    async (request) =>
      service.editUser({
        actor: actorOf(request),
        input: { userId: request.params.userId, body: request.body },
      }),
  );

  r.post(
    API.group.syncUsers,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: "The family's final member list: places, departures and the family's chat channels",
        body: ZSyncMembersRequest,
        response: { 200: ZGroupMemberList, ...writeErrors },
      },
    },
    async (request) => service.syncUsers({ actor: actorOf(request), input: request.body }),
  );

  r.post(
    API.group.memberStatus,
    {
      ...entityOnly,
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate a person of the family (a deactivated person cannot post)',
        params: ZMemberParams,
        body: ZMemberStatusRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.setMemberStatus({
        actor: actorOf(request),
        input: { ...request.params, active: request.body.active },
      }),
  );
}

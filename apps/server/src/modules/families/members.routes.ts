// HTTP of a family's people. Entity only; a family
// of another entity answers 404 and nothing changes.
import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createMembersService } from './members.service.js';

export async function membersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createMembersService(ctx);
  const entityOnly = { onRequest: app.requireRole('entity') };
  const docs = { tags: ['families'] };
  const { rateLimitMax, rateLimitWindowSeconds } = ctx.config.auth;

  route(
    app,
    endpoints.families.members,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: "A family's people: child, adoptive parents and birth family, with their status",
      },
    },
    async (request) => service.listMembers({ actor: actorOf(request), input: request.params }),
  );

  route(
    app,
    endpoints.families.checkUser,
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
        ...docs,
        summary:
          "The id and name of the person with this e-mail in one of the caller's families; else 404 as for an unknown e-mail",
      },
    },
    async (request) => service.checkUser({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.families.createUser,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: 'A new person in the family, in the role `subtype`; invited by e-mail when they have one',
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createUser({ actor: actorOf(request), input: request.body })),
  );

  route(
    app,
    endpoints.families.addMember,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'Link an existing person to the family in a role; invited by e-mail' },
    },
    async (request) => service.addMember({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.families.editUser,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'Edit a person of the family: name, e-mail and role' },
    },
    async (request) =>
      service.editUser({
        actor: actorOf(request),
        input: { userId: request.params.userId, body: request.body },
      }),
  );

  route(
    app,
    endpoints.families.syncUsers,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: "The family's final member list: places, departures and the family's chat channels",
      },
    },
    async (request) => service.syncUsers({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.families.saveMembers,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary:
          "The family's places saved at once: people created, linked, edited and placed in one transaction, each found again by the e-mail sent",
      },
    },
    async (request) =>
      service.saveMembers({
        actor: actorOf(request),
        input: { groupId: request.params.groupId, body: request.body },
      }),
  );

  route(
    app,
    endpoints.families.memberStatus,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: 'Activate or deactivate a person of the family (a deactivated person cannot post)',
      },
    },
    async (request) =>
      service.setMemberStatus({
        actor: actorOf(request),
        input: { ...request.params, active: request.body.active },
      }),
  );
}

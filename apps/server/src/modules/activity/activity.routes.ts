import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createActivityService } from './activity.service.js';

export async function activityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createActivityService(ctx);
  const docs = { tags: ['activity'] };

  route(
    app,
    endpoints.activity.family,
    {
      onRequest: app.requireRole('entity'),
      schema: { ...docs, summary: "A page of a family's activity, newest first (another entity's: 404)" },
    },
    async (request) =>
      service.listFamilyActivity({
        actor: actorOf(request),
        input: { groupId: request.params.groupId, page: request.query.page },
      }),
  );

  route(
    app,
    endpoints.activity.platform,
    {
      onRequest: app.requireRole('admin'),
      schema: {
        ...docs,
        summary: "A page of the platform's activity, filtered by kind, actor (name or e-mail) and time",
      },
    },
    async (request) => service.listPlatformActivity({ actor: actorOf(request), input: request.query }),
  );
}

import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createAdminPolicyService } from './admin-policy.service.js';

export async function adminPolicyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createAdminPolicyService(ctx);
  const admin = { onRequest: app.requireRole('admin') };
  const docs = { tags: ['second factors'] };

  route(
    app,
    endpoints.secondFactors.policy,
    { ...admin, schema: { ...docs, summary: 'Whether every admin must have a second factor' } },
    async (request) => service.getPolicy({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.secondFactors.policyEdit,
    {
      ...admin,
      schema: { ...docs, summary: 'Require a second factor of every admin, or not (recorded)' },
    },
    async (request) => service.setPolicy({ actor: actorOf(request), input: request.body }),
  );
}

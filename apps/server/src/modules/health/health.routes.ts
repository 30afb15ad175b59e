import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';

const READY_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(
    app,
    endpoints.system.health,
    { logLevel: 'warn', schema: { tags: ['system'], summary: 'The process is alive' } },
    async () => ({ status: 'ok' as const }),
  );

  route(
    app,
    endpoints.system.ready,
    { logLevel: 'warn', schema: { tags: ['system'], summary: 'The database answers' } },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          ctx.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ready' as const, database: ctx.database.kind };
      } catch {
        return reply.code(503).send({ message: 'Database unavailable.' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
}

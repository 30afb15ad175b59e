import { API, ZErrorResponse, ZHealthResponse, ZReadyResponse } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';

const READY_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API.health,
    {
      logLevel: 'warn',
      schema: { tags: ['system'], summary: 'The process is alive', response: { 200: ZHealthResponse } },
    },
    async () => ({ status: 'ok' as const }),
  );

  r.get(
    API.ready,
    {
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary: 'The database answers',
        response: { 200: ZReadyResponse, 503: ZErrorResponse },
      },
    },
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

import { endpoints, MSG } from '@bridge-talk/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { METRICS_PATH, scrapeAuthorized } from './metrics.js';

const READY_TIMEOUT_MS = 2000;

/**
 * Whether the check resolves in time: a dependency that hangs is down as much as one that refuses.
 * Why it is down goes to the log, never into the answer (it may name a host).
 */
async function answers(
  dependency: string,
  check: () => Promise<void>,
  log: FastifyBaseLogger,
): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    log.warn({ err: error, dependency }, 'readiness: a dependency does not answer');
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

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
    {
      logLevel: 'warn',
      schema: { tags: ['system'], summary: 'The database, the file storage and the mail answer' },
    },
    async (request, reply) => {
      const [database, storage, mail] = await Promise.all([
        answers('database', () => ctx.database.ping(), request.log),
        answers('storage', () => ctx.storage.check(), request.log),
        answers('mail', () => ctx.mail.check(), request.log),
      ]);
      const checks = { database, storage, mail };
      if (Object.values(checks).every((state) => state === 'ok'))
        return { status: 'ready' as const, ...checks };
      return reply.code(503).send({ status: 'unready' as const, message: MSG.extra.notReady, ...checks });
    },
  );

  const { token } = ctx.config.metrics;
  if (token) {
    app.get(
      METRICS_PATH,
      {
        logLevel: 'warn',
        schema: { hide: true },
        // An API answer's headers, outside /api/: no page, nothing for a browser or a proxy to keep.
        helmet: false,
        config: { staticSecurityHeaders: true },
        onSend: (_request, reply, payload, done) => {
          reply.header('cache-control', 'no-store');
          done(null, payload);
        },
        onRequest: (request, _reply, done) => {
          if (scrapeAuthorized(request.headers.authorization, token)) return done();
          done(new AppError('UNAUTHENTICATED', MSG.extra.metricsTokenRequired));
        },
      },
      async (_request, reply) =>
        reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics()),
    );
  }
}

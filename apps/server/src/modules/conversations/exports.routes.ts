import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createExportsService } from './exports.service.js';

const MINUTE = 60_000;

export async function exportsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createExportsService(ctx);
  const tags = ['conversations'];

  route(
    app,
    endpoints.conversations.exportRequest,
    {
      onRequest: app.requireRole('entity'),
      // Each export reads a whole channel and builds a PDF: a person asks for a few, not hundreds.
      config: { rateLimit: { max: 30, timeWindow: 10 * MINUTE } },
      schema: {
        tags,
        summary:
          "E-mail a channel's whole conversation as a PDF transcript (a durable job builds and sends it)",
      },
    },
    async (request) =>
      service.requestExport({
        actor: actorOf(request),
        input: { channelId: request.params.channelId, email: request.body.email },
      }),
  );

  route(
    app,
    endpoints.conversations.verifyExport,
    {
      config: { rateLimit: { max: 60, timeWindow: MINUTE } },
      schema: {
        tags,
        summary:
          'Public: was a file with this SHA-256 issued by the portal? When, and of which channel (never its content)',
      },
    },
    async (request) => service.verifyExport({ input: { sha256: request.params.hash } }),
  );
}

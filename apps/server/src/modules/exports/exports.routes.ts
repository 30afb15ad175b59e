import {
  API,
  ZChannelId,
  ZErrorResponse,
  ZExportRequest,
  ZExportRequestResponse,
  ZExportVerifyResponse,
  ZSha256,
} from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createExportsService } from './exports.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const MINUTE = 60_000;

export async function exportsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createExportsService(ctx);
  const tags = ['conversations'];

  r.post(
    API.channels.exportRequest,
    {
      onRequest: app.requireRole('entity'),
      // Each export reads a whole channel and builds a PDF: a person asks for a few, not hundreds.
      config: { rateLimit: { max: 30, timeWindow: 10 * MINUTE } },
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "E-mail a channel's whole conversation as a PDF transcript (a durable job builds and sends it)",
        params: z.object({ channelId: ZChannelId }),
        body: ZExportRequest,
        response: { 200: ZExportRequestResponse, ...errors, 429: ZErrorResponse },
      },
    },
    async (request) =>
      service.requestExport({
        actor: actorOf(request),
        input: { channelId: request.params.channelId, email: request.body.email },
      }),
  );

  r.get(
    API.exports.verify,
    {
      config: { rateLimit: { max: 60, timeWindow: MINUTE } },
      schema: {
        tags,
        summary:
          'Public: was a file with this SHA-256 issued by the portal? When, and of which channel (never its content)',
        params: z.object({ hash: ZSha256 }),
        response: { 200: ZExportVerifyResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => service.verifyExport({ input: { sha256: request.params.hash } }),
  );
}

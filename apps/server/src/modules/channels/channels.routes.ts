import {
  API,
  ZAttachmentQuery,
  ZChannelId,
  ZChannelListQuery,
  ZChannelListResponse,
  ZChannelStatusRequest,
  ZErrorResponse,
  ZMessagePageResponse,
  ZMessageResponse,
} from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import { sendAttachment } from '../attachments/send-attachment.js';
import { createChannelsService } from './channels.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const ZGroupId = z.string().trim().min(1).max(64);

export async function channelsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createChannelsService(ctx);
  const tags = ['conversations'];
  const security = [{ bearer: [] }];

  r.get(
    API.channels.list,
    {
      onRequest: app.requireRole('entity'),
      schema: {
        tags,
        security,
        summary:
          "A family's channels (members, status, reports) — or, with ?channelId=, a page of that channel's messages, newest first",
        params: z.object({ groupId: ZGroupId }),
        querystring: ZChannelListQuery,
        response: { 200: z.union([ZChannelListResponse, ZMessagePageResponse]), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { channelId, before, limit, refresh } = request.query;
      if (!channelId) return service.listChannels({ actor, input: request.params });
      return service.listMessages({
        actor,
        input: { groupId: request.params.groupId, channelId, before, limit, refresh },
      });
    },
  );

  r.post(
    API.channels.manager,
    {
      onRequest: app.requireRole('entity'),
      schema: {
        tags,
        security,
        summary: 'Enable (active: true) or disable (active: false) a channel of the family',
        params: z.object({ groupId: ZGroupId, channelId: ZChannelId }),
        body: ZChannelStatusRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.setChannelStatus({ actor: actorOf(request), input: { ...request.params, ...request.body } }),
  );

  r.get(
    API.channels.attachment,
    {
      onRequest: app.requireRole('entity'),
      // The conversation view's <img> and <video> send no header: their address carries a media token.
      config: { mediaAccess: true },
      schema: {
        tags,
        security,
        summary:
          "An attachment of a message of the family's channel, served by the portal (range requests; size=thumb for a picture's thumbnail)",
        params: z.object({
          groupId: ZGroupId,
          channelId: ZChannelId,
          messageId: ZChannelId,
          index: z.coerce.number().int().min(0).max(99),
        }),
        querystring: ZAttachmentQuery,
        response: { ...errors, 416: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const served = await service.attachment({
        actor: actorOf(request),
        input: { ...request.params, size: request.query.size, range: request.headers.range },
      });
      return sendAttachment(reply, served);
    },
  );
}

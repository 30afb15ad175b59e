import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { sendAttachment } from '../attachments/send-attachment.js';
import { openChannelStream } from './channel-stream.js';
import { createChannelsService } from './channels.service.js';

export async function channelsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createChannelsService(ctx);
  const entityOnly = { onRequest: app.requireRole('entity') };
  const docs = { tags: ['conversations'] };

  route(
    app,
    endpoints.conversations.list,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary:
          "A family's channels (members, status, reports) — or, with ?channelId=, a page of that channel's messages, newest first",
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { channelId, before, after, limit, refresh } = request.query;
      if (!channelId) return service.listChannels({ actor, input: request.params });
      return service.listMessages({
        actor,
        input: { groupId: request.params.groupId, channelId, before, after, limit, refresh },
      });
    },
  );

  // text/event-stream: the entry checks the caseworker; the stream is written here.
  route(
    app,
    endpoints.conversations.events,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary:
          "The channel's new messages and reports as they happen (server-sent events): the open conversation fetches them",
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { groupId, channelId } = request.params;
      await service.requireEntityChannel({ actor, groupId, channelId });
      return openChannelStream(ctx, request, reply, {
        channelId,
        // Asked again at each event: a family moved away or a caseworker's account changed ends it.
        stillAllowed: () =>
          service.requireEntityChannel({ actor, groupId, channelId }).then(
            () => true,
            () => false,
          ),
      });
    },
  );

  route(
    app,
    endpoints.conversations.around,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary:
          "About `limit` messages of the family's channel with the one asked for among them, newest first, and the cursors of the older and newer pages",
      },
    },
    async (request) =>
      service.messagesAround({
        actor: actorOf(request),
        input: { ...request.params, limit: request.query.limit },
      }),
  );

  route(
    app,
    endpoints.conversations.search,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: "The messages of the family's channel holding the words of q, newest first, as excerpts",
      },
    },
    async (request) =>
      service.searchMessages({ actor: actorOf(request), input: { ...request.params, ...request.query } }),
  );

  route(
    app,
    endpoints.conversations.firstMessage,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: "The id of the family's channel's first message, or its first on or after `from`",
      },
    },
    async (request) =>
      service.firstMessage({ actor: actorOf(request), input: { ...request.params, ...request.query } }),
  );

  route(
    app,
    endpoints.conversations.manager,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary: 'Enable (active: true) or disable (active: false) a channel of the family',
      },
    },
    async (request) =>
      service.setChannelStatus({ actor: actorOf(request), input: { ...request.params, ...request.body } }),
  );

  // Bytes, not JSON: the entry's schemas check the address; its JSON answers are the refusals.
  route(
    app,
    endpoints.conversations.attachment,
    {
      ...entityOnly,
      // The conversation view's <img> and <video> send no header: their address carries a media token.
      config: { mediaAccess: true },
      schema: {
        ...docs,
        summary:
          "An attachment of a message of the family's channel, served by the portal (range requests; size=thumb for a picture's thumbnail)",
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

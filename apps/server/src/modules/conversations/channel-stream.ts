// A caseworker's event stream of one channel: that a message was posted or reported, by id; the open
// conversation fetches what is new through its usual page, with its own permission checks. The stream
// lasts as long as a portal access token: the view reconnects with a fresh one.
import type { ChannelLiveEvent } from '@bridge-talk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { openEventStream } from '../../lib/event-stream.js';

/** A portal access token's life: the stream ends then and the view opens another with a fresh token. */
const STREAM_MAX_MS = 15 * 60 * 1000;

export function openChannelStream(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { channelId, stillAllowed }: { channelId: string; stillAllowed: () => Promise<boolean> },
) {
  let remove = () => {};
  const stream = openEventStream(request, reply, {
    until: new Date(Date.now() + STREAM_MAX_MS),
    onEnd: () => remove(),
  });
  const send = (event: ChannelLiveEvent) => stream.send(event);
  remove = ctx.liveHub.add({
    channels: [channelId],
    async deliver(event) {
      if (!(await stillAllowed())) {
        stream.end();
        return;
      }
      send({ type: event.type, messageId: event.messageId });
    },
    resumed: () => send({ type: 'ready' }),
    end: () => stream.end(),
  });
  send({ type: 'ready' });
  if (stream.ended) remove();
  return reply;
}

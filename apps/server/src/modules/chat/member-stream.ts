// A member's event stream: every new message of their channels, as the families' app shows it. For
// each event the process reads the message once, and who may still read the channel once, for all of
// its streams; a stream whose member may no longer read it (signed out everywhere, deactivated, the
// e-mail changed, the agency disabled) ends instead of receiving it.
import type { MemberLiveEvent } from '@bridge-talk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { findFamilyNames } from '../../db/family-names.js';
import { openEventStream } from '../../lib/event-stream.js';
import * as repo from './chat.repository.js';
import { type Member, memberMediaToken, memberMessageView } from './chat.service.js';

export function openMemberStream(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  member: Member,
  channels: string[],
) {
  let remove = () => {};
  const stream = openEventStream(request, reply, { until: member.tokenExpiresAt, onEnd: () => remove() });
  const send = (event: MemberLiveEvent) => stream.send(event);
  const reader = `${member.id}|${member.email.toLowerCase()}`;
  remove = ctx.liveHub.add({
    channels,
    async deliver(event, shared) {
      if (event.type !== 'message') return;
      const [message, readers] = await Promise.all([
        shared.once(`message:${event.messageId}`, () =>
          repo.findChannelMessage(ctx.db, event.channelId, event.messageId),
        ),
        shared.once(`readers:${event.channelId}`, () => repo.liveReaders(ctx.db, event.channelId)),
      ]);
      if (!readers.has(reader)) {
        stream.end();
        return;
      }
      if (!message) return;
      const names = await shared.once(`names:${message.groupId}`, () =>
        findFamilyNames(ctx.db, [message.groupId]),
      );
      const access = await memberMediaToken(ctx, member, event.channelId);
      send({
        type: 'message',
        message: memberMessageView(message, (userId) => names.of(message.groupId, userId), access),
      });
    },
    resumed: () => send({ type: 'ready' }),
    end: () => stream.end(),
  });
  // The stream is open: the app fetches what came while it was away, then takes events as they come.
  send({ type: 'ready' });
  if (stream.ended) remove();
  return reply;
}

// The member chat API under /api/chat. Family members never sign in to the portal: these routes take
// a member token (see member-tokens.ts) as the bearer, and refuse a portal user's token with 403.

import { endpoints, MSG, UPLOAD_MAX_BYTES } from '@bridge-talk/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { readingErrorsAsRefusals } from '../../lib/upload-bytes.js';
import { sendAttachment } from '../attachments/send-attachment.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createChatMembersService, type DeviceSession, type Member } from './chat.service.js';
import { openMemberStream } from './member-stream.js';

/** The families' app's session cookie: sent only to the session routes, never read by a script. */
const MEMBER_COOKIE = 'bt_member';
const MEMBER_COOKIE_PATH = '/api/chat/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
  }
}

const MINUTE = 60_000;
const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_MAX_BYTES));
const uploadTooLarge = () =>
  new AppError('TOO_LARGE', MSG.conversations.fileTooLarge(`${LARGEST_UPLOAD / 1024 / 1024} MB`));

function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw new AppError('UNAUTHENTICATED', MSG.extra.sessionExpired);
  return request.member;
}

export async function chatMembersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createChatMembersService(ctx);
  const notifications = createNotificationsService(ctx);
  const tags = ['member chat'];
  const docs = { tags };
  const { rateLimitMax, rateLimitWindowSeconds } = ctx.config.auth;
  const rateLimit = { max: rateLimitMax, timeWindow: rateLimitWindowSeconds * 1000 };
  const { cookieSecure } = ctx.config.auth;
  app.decorateRequest('member', null);
  // Uploads are read here only (this plugin's routes), one file at a time, never beyond the largest
  // allowed size: a bigger body is cut off and refused, not buffered.
  await app.register(fastifyMultipart, {
    limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });

  // The route table lists these routes as admitting the role 'member' (see app.routeTable).
  const requireMember = Object.assign(
    async (request: FastifyRequest) => {
      if (request.actor) throw new AppError('FORBIDDEN', MSG.extra.forbidden);
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      request.member = token ? await service.authenticate(token) : null;
      if (!request.member) throw new AppError('UNAUTHENTICATED', MSG.extra.sessionExpired);
    },
    { roles: ['member'] },
  );
  // An attachment's address in the families' app: an <img> or <video> sends no header, so it carries
  // the member's media token for the channel instead.
  const requireMemberOrMedia = Object.assign(
    async (request: FastifyRequest) => {
      const access = (request.query as { access?: unknown }).access;
      const { channelId } = request.params as { channelId?: string };
      if (request.headers.authorization || typeof access !== 'string' || !channelId)
        return requireMember(request);
      if (request.actor) throw new AppError('FORBIDDEN', MSG.extra.forbidden);
      request.member = await service.authenticateMedia(access, channelId);
      if (!request.member) throw new AppError('UNAUTHENTICATED', MSG.extra.sessionExpired);
    },
    { roles: ['member'] },
  );

  route(
    app,
    endpoints.chat.code,
    {
      config: { rateLimit },
      schema: { tags, summary: 'A family member asks for a sign-in code by e-mail' },
    },
    async (request) => service.requestCode({ input: request.body, address: request.ip }),
  );

  const setDeviceCookie = (reply: FastifyReply, device: DeviceSession) =>
    reply.setCookie(MEMBER_COOKIE, device.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: cookieSecure === 'auto' ? reply.request.protocol === 'https' : cookieSecure,
      path: MEMBER_COOKIE_PATH,
      expires: device.expiresAt,
    });

  route(
    app,
    endpoints.chat.sessions,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Exchange the e-mailed code for a member token (12 hours); the session cookie keeps the device signed in',
      },
    },
    async (request, reply) => {
      const { answer, device } = await service.createSession({ input: request.body, address: request.ip });
      setDeviceCookie(reply, device);
      return answer;
    },
  );

  route(
    app,
    endpoints.chat.refresh,
    {
      config: { rateLimit: { max: 120, timeWindow: MINUTE } },
      schema: { tags, summary: "The device's session cookie for a new member token (the cookie rotates)" },
    },
    async (request, reply) => {
      try {
        const { answer, device } = await service.refresh(request.cookies[MEMBER_COOKIE]);
        setDeviceCookie(reply, device);
        return answer;
      } catch (error) {
        // An ended session's cookie is dropped, so that the next page load does not present it again.
        reply.clearCookie(MEMBER_COOKIE, { path: MEMBER_COOKIE_PATH });
        throw error;
      }
    },
  );

  route(
    app,
    endpoints.chat.signOut,
    { schema: { tags, summary: 'Sign out on this device: its session and tokens end at once' } },
    async (request, reply) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      const member = token ? await service.authenticate(token) : null;
      const answer = await service.signOut({ cookie: request.cookies[MEMBER_COOKIE], member });
      reply.clearCookie(MEMBER_COOKIE, { path: MEMBER_COOKIE_PATH });
      return answer;
    },
  );

  route(
    app,
    endpoints.chat.channels,
    {
      onRequest: requireMember,
      schema: {
        ...docs,
        summary: "The member's channels, family by family: members, unread count, newest message",
      },
    },
    async (request) => service.listChannels({ member: memberOf(request) }),
  );

  route(
    app,
    endpoints.chat.history,
    {
      onRequest: requireMember,
      schema: { ...docs, summary: 'A page of messages of one of the member’s channels, newest first' },
    },
    async (request) =>
      service.history({
        member: memberOf(request),
        channelId: request.params.channelId,
        query: request.query,
      }),
  );

  route(
    app,
    endpoints.chat.read,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 240, timeWindow: MINUTE } },
      schema: { ...docs, summary: 'The member has read the channel up to this message' },
    },
    async (request, reply) => {
      await service.markRead({
        member: memberOf(request),
        channelId: request.params.channelId,
        messageId: request.body.messageId,
      });
      return reply.code(204).send(null);
    },
  );

  // text/event-stream: the entry checks the member; the stream is written here.
  route(
    app,
    endpoints.chat.events,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 60, timeWindow: MINUTE } },
      schema: {
        ...docs,
        summary: "New messages of the member's channels as they are posted (server-sent events)",
      },
    },
    async (request, reply) => {
      const member = memberOf(request);
      const channels = await service.liveChannels(member);
      return openMemberStream(ctx, request, reply, member, channels);
    },
  );

  route(
    app,
    endpoints.chat.messages,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 120, timeWindow: MINUTE } },
      schema: { ...docs, summary: 'Post a message (html, and references to uploaded images or videos)' },
    },
    async (request, reply) => {
      const posted = await service.postMessage({
        member: memberOf(request),
        input: { ...request.body, channelId: request.params.channelId },
      });
      return reply.code(201).send(posted);
    },
  );

  route(
    app,
    endpoints.chat.flags,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 60, timeWindow: MINUTE } },
      schema: { ...docs, summary: 'Report a message of a channel the member is in' },
    },
    async (request) =>
      service.flagMessage({
        member: memberOf(request),
        input: { ...request.body, messageId: request.params.messageId },
      }),
  );

  // Multipart, not JSON: the entry checks the address and the answers; the file is read here.
  route(
    app,
    endpoints.chat.files,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 30, timeWindow: MINUTE } },
      schema: {
        ...docs,
        consumes: ['multipart/form-data'],
        summary:
          'Upload a picture (JPEG, PNG, WebP, GIF) or video (MP4, WebM) to attach to the next message in this channel',
      },
    },
    async (request, reply) => {
      const member = memberOf(request);
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MSG.conversations.fileMissing);
      // The file is handed on as it arrives, never held whole: the service stores it and cuts it off
      // at its type's largest size.
      const parts = readingErrorsAsRefusals(request.files(), uploadTooLarge)[Symbol.asyncIterator]();
      try {
        const first = await parts.next();
        if (first.done) throw new AppError('BAD_REQUEST', MSG.conversations.fileMissing);
        const uploaded = await service.uploadFile({
          member,
          input: {
            channelId: request.params.channelId,
            body: readingErrorsAsRefusals(first.value.file, uploadTooLarge),
            fileName: first.value.filename,
            requestEnded: async () => {
              if (!(await parts.next()).done)
                throw new AppError('BAD_REQUEST', MSG.conversations.fileTooMany);
            },
          },
        });
        return reply.code(201).send(uploaded);
      } catch (error) {
        // A refused upload's remaining bytes are not read: the connection closes after the answer.
        reply.header('connection', 'close');
        throw error;
      }
    },
  );

  // Bytes, not JSON: the entry's schemas check the address; its JSON answers are the refusals.
  route(
    app,
    endpoints.chat.attachment,
    {
      onRequest: requireMemberOrMedia,
      config: { mediaAccess: true },
      schema: {
        ...docs,
        summary: "An attachment of a message in one of the member's channels (range requests; size=thumb)",
      },
    },
    async (request, reply) => {
      const served = await service.attachment({
        member: memberOf(request),
        input: { ...request.params, size: request.query.size, range: request.headers.range },
      });
      return sendAttachment(reply, served);
    },
  );

  route(
    app,
    endpoints.chat.preferences,
    {
      onRequest: requireMember,
      schema: { ...docs, summary: "The member's notification and language choices" },
    },
    async (request) => notifications.preferences(memberOf(request).id),
  );

  route(
    app,
    endpoints.chat.updatePreferences,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 60, timeWindow: MINUTE } },
      schema: { ...docs, summary: 'Turn unread-messages e-mails on or off; choose the language' },
    },
    async (request) => notifications.updatePreferences(memberOf(request).id, request.body),
  );

  route(
    app,
    endpoints.chat.unreadMailOptOut,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "An unread-messages e-mail's opt-out link: no sign-in, the link's signed token says who",
      },
    },
    async (request) => notifications.optOutOfUnreadMails(request.body.token),
  );

  route(
    app,
    endpoints.chat.pushKey,
    { onRequest: requireMember, schema: { ...docs, summary: "The server's Web Push (VAPID) public key" } },
    async () => notifications.pushKey(),
  );

  route(
    app,
    endpoints.chat.pushSubscribe,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 30, timeWindow: MINUTE } },
      schema: { ...docs, summary: "This device's browser takes notifications of new messages (Web Push)" },
    },
    async (request, reply) => {
      await notifications.subscribe(memberOf(request), request.body);
      return reply.code(204).send(null);
    },
  );

  route(
    app,
    endpoints.chat.pushUnsubscribe,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 30, timeWindow: MINUTE } },
      schema: { ...docs, summary: "This device's browser takes no more notifications" },
    },
    async (request, reply) => {
      await notifications.unsubscribe(memberOf(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
}

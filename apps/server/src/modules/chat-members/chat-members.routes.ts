// The member chat API under /api/chat. Family members never sign in to the portal: these routes take
// a member token (see member-tokens.ts) as the bearer, and refuse a portal user's token with 403.

import {
  API,
  MSG,
  UPLOAD_MAX_BYTES,
  ZAttachmentQuery,
  ZErrorResponse,
  ZFlagMessageRequest,
  ZMemberChannelsResponse,
  ZMemberCodeRequest,
  ZMemberCodeResponse,
  ZMemberSessionRequest,
  ZMemberSessionResponse,
  ZMessageResponse,
  ZPostMessageRequest,
  ZPostMessageResponse,
  ZUploadedFile,
} from '@bridge-talk/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { sendAttachment } from '../attachments/send-attachment.js';
import { createChatMembersService, type Member } from './chat-members.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
  }
}

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const MINUTE = 60_000;
const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_MAX_BYTES));

/** The multipart reader's refusals, in the catalogue's words. */
function uploadError(error: unknown): AppError | null {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('TOO_LARGE', MSG.conversations.fileTooLarge(`${LARGEST_UPLOAD / 1024 / 1024} MB`));
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('BAD_REQUEST', MSG.conversations.fileTooMany);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FIELDS_LIMIT')
    return new AppError('BAD_REQUEST', MSG.conversations.fileMissing);
  return null;
}

function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw new AppError('UNAUTHENTICATED', MSG.extra.sessionExpired);
  return request.member;
}

export async function chatMembersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createChatMembersService(ctx);
  const tags = ['member chat'];
  const security = [{ bearer: [] }];
  const { rateLimitMax, rateLimitWindowSeconds } = ctx.config.auth;
  const rateLimit = { max: rateLimitMax, timeWindow: rateLimitWindowSeconds * 1000 };
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

  r.post(
    API.chat.code,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'A family member asks for a sign-in code by e-mail',
        body: ZMemberCodeRequest,
        response: { 200: ZMemberCodeResponse, 400: ZErrorResponse, 404: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => service.requestCode({ input: request.body }),
  );

  r.post(
    API.chat.sessions,
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Exchange the e-mailed code for a member token (12 hours)',
        body: ZMemberSessionRequest,
        response: { 200: ZMemberSessionResponse, ...errors, 429: ZErrorResponse },
      },
    },
    async (request) => service.createSession({ input: request.body }),
  );

  r.get(
    API.chat.channels,
    {
      onRequest: requireMember,
      schema: {
        tags,
        security,
        summary: "The member's channels",
        response: { 200: ZMemberChannelsResponse, ...errors },
      },
    },
    async (request) => service.listChannels({ member: memberOf(request) }),
  );

  r.post(
    API.chat.messages,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 120, timeWindow: MINUTE } },
      schema: {
        tags,
        security,
        summary: 'Post a message (html, and references to uploaded images or videos)',
        params: z.object({ channelId: z.uuid() }),
        body: ZPostMessageRequest,
        response: { 201: ZPostMessageResponse, ...errors, 409: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const posted = await service.postMessage({
        member: memberOf(request),
        input: { ...request.body, channelId: request.params.channelId },
      });
      return reply.code(201).send(posted);
    },
  );

  r.post(
    API.chat.flags,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 60, timeWindow: MINUTE } },
      schema: {
        tags,
        security,
        summary: 'Report a message of a channel the member is in',
        params: z.object({ messageId: z.uuid() }),
        body: ZFlagMessageRequest,
        response: { 200: ZMessageResponse, ...errors, 429: ZErrorResponse },
      },
    },
    async (request) =>
      service.flagMessage({
        member: memberOf(request),
        input: { ...request.body, messageId: request.params.messageId },
      }),
  );

  r.post(
    API.chat.files,
    {
      onRequest: requireMember,
      config: { rateLimit: { max: 30, timeWindow: MINUTE } },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary:
          'Upload a picture (JPEG, PNG, WebP, GIF) or video (MP4, WebM) to attach to the next message in this channel',
        params: z.object({ channelId: z.uuid() }),
        response: {
          201: ZUploadedFile,
          ...errors,
          409: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const member = memberOf(request);
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MSG.conversations.fileMissing);
      let file: { bytes: Buffer; fileName: string | undefined } | null = null;
      try {
        for await (const part of request.files()) {
          if (file) throw new AppError('BAD_REQUEST', MSG.conversations.fileTooMany);
          file = { bytes: await part.toBuffer(), fileName: part.filename };
        }
      } catch (error) {
        throw uploadError(error) ?? error;
      }
      if (!file) throw new AppError('BAD_REQUEST', MSG.conversations.fileMissing);
      const uploaded = await service.uploadFile({
        member,
        input: { channelId: request.params.channelId, ...file },
      });
      return reply.code(201).send(uploaded);
    },
  );

  r.get(
    API.chat.attachment,
    {
      onRequest: requireMember,
      schema: {
        tags,
        security,
        summary: "An attachment of a message in one of the member's channels (range requests; size=thumb)",
        params: z.object({
          channelId: z.uuid(),
          messageId: z.uuid(),
          index: z.coerce.number().int().min(0).max(99),
        }),
        querystring: ZAttachmentQuery,
        response: { ...errors, 416: ZErrorResponse },
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
}

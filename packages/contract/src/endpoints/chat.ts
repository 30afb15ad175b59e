import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import {
  ZAttachmentQuery,
  ZFlagMessageRequest,
  ZMemberChannelsResponse,
  ZMemberCodeRequest,
  ZMemberCodeResponse,
  ZMemberHistoryQuery,
  ZMemberHistoryResponse,
  ZMemberPreferences,
  ZMemberPreferencesRequest,
  ZMemberReadRequest,
  ZMemberSessionRequest,
  ZMemberSessionResponse,
  ZMessageResponse,
  ZPostMessageRequest,
  ZPostMessageResponse,
  ZPushKeyResponse,
  ZPushSubscriptionRequest,
  ZUnreadMailOptOutRequest,
  ZUploadedFile,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403, 404);

/** The family members' chat API: a member token is the bearer, a portal user's token is refused. */
export const chatEndpoints = {
  code: {
    body: ZMemberCodeRequest,
    responses: { 200: ZMemberCodeResponse, ...errorAnswers(400, 404, 429) },
  },
  sessions: {
    body: ZMemberSessionRequest,
    responses: { 200: ZMemberSessionResponse, ...refused, ...errorAnswers(429) },
  },
  /** The session cookie (httpOnly) is the credential: no body. */
  refresh: { responses: { 200: ZMemberSessionResponse, ...errorAnswers(401, 429) } },
  signOut: { responses: { 200: ZMessageResponse } },
  channels: { responses: { 200: ZMemberChannelsResponse, ...refused } },
  history: {
    params: z.object({ channelId: z.uuid() }),
    query: ZMemberHistoryQuery,
    responses: { 200: ZMemberHistoryResponse, ...refused },
  },
  read: {
    params: z.object({ channelId: z.uuid() }),
    body: ZMemberReadRequest,
    responses: { 204: z.null(), ...refused },
  },
  /** text/event-stream (ZMemberLiveEvent per event): only its refusals are JSON. */
  events: { responses: { ...refused } },
  messages: {
    params: z.object({ channelId: z.uuid() }),
    body: ZPostMessageRequest,
    responses: { 201: ZPostMessageResponse, ...refused, ...errorAnswers(409, 429) },
  },
  flags: {
    params: z.object({ messageId: z.uuid() }),
    body: ZFlagMessageRequest,
    responses: { 200: ZMessageResponse, ...refused, ...errorAnswers(429) },
  },
  /** A multipart body with one file: read by the route itself, so no body schema here. */
  files: {
    params: z.object({ channelId: z.uuid() }),
    responses: { 201: ZUploadedFile, ...refused, ...errorAnswers(409, 413, 415, 429) },
  },
  /** The bytes of an attachment (range requests; `size=thumb`): only its refusals are JSON. */
  attachment: {
    params: z.object({
      channelId: z.uuid(),
      messageId: z.uuid(),
      index: z.coerce.number().int().min(0).max(99),
    }),
    query: ZAttachmentQuery,
    responses: { ...refused, ...errorAnswers(416) },
  },
  preferences: { responses: { 200: ZMemberPreferences, ...refused } },
  updatePreferences: { body: ZMemberPreferencesRequest, responses: { 200: ZMemberPreferences, ...refused } },
  unreadMailOptOut: {
    body: ZUnreadMailOptOutRequest,
    responses: { 200: ZMessageResponse, ...errorAnswers(400, 429) },
  },
  /** 404 when this server sends no push notifications (no keys configured and none can be kept). */
  pushKey: { responses: { 200: ZPushKeyResponse, ...refused } },
  pushSubscribe: { body: ZPushSubscriptionRequest, responses: { 204: z.null(), ...refused } },
  /** The body names the subscription's endpoint; ending one that is not there is no error. */
  pushUnsubscribe: {
    body: z.object({ endpoint: z.string().max(2000) }),
    responses: { 204: z.null(), ...refused },
  },
} satisfies SchemasOf<typeof ROUTES.chat>;

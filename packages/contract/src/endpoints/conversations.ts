import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import {
  ZAttachmentQuery,
  ZChannelId,
  ZChannelListQuery,
  ZChannelListResponse,
  ZChannelStatusRequest,
  ZExportRequest,
  ZExportRequestResponse,
  ZExportVerifyResponse,
  ZFirstMessageQuery,
  ZFirstMessageResponse,
  ZMessagePageResponse,
  ZMessageResponse,
  ZMessageSearchQuery,
  ZMessageSearchResponse,
  ZMessageWindowParams,
  ZMessageWindowQuery,
  ZMessageWindowResponse,
  ZSearchParams,
  ZSha256,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403, 404);
const ZFamilyId = z.string().trim().min(1).max(64);

/** A family's conversations (entity only); a family of another entity answers 404. */
export const conversationEndpoints = {
  /** The channels (members, status, reports), or with `?channelId=` a page of its messages, newest first. */
  list: {
    params: z.object({ groupId: ZFamilyId }),
    query: ZChannelListQuery,
    responses: { 200: z.union([ZChannelListResponse, ZMessagePageResponse]), ...refused },
  },
  manager: {
    params: z.object({ groupId: ZFamilyId, channelId: ZChannelId }),
    body: ZChannelStatusRequest,
    responses: { 200: ZMessageResponse, ...refused },
  },
  /** A durable job builds the PDF transcript and e-mails it. */
  exportRequest: {
    params: z.object({ channelId: ZChannelId }),
    body: ZExportRequest,
    responses: { 200: ZExportRequestResponse, ...refused, ...errorAnswers(429) },
  },
  /** The bytes of an attachment (range requests; `size=thumb`): only its refusals are JSON. */
  attachment: {
    params: z.object({
      groupId: ZFamilyId,
      channelId: ZChannelId,
      messageId: ZChannelId,
      index: z.coerce.number().int().min(0).max(99),
    }),
    query: ZAttachmentQuery,
    responses: { ...refused, ...errorAnswers(416) },
  },
  /** text/event-stream (ZChannelLiveEvent per event): only its refusals are JSON. */
  events: {
    params: z.object({ groupId: ZFamilyId, channelId: ZChannelId }),
    responses: { ...refused },
  },
  /** About a page of messages with the one asked for among them; 404 when it is not in the channel. */
  around: {
    params: ZMessageWindowParams,
    query: ZMessageWindowQuery,
    responses: { 200: ZMessageWindowResponse, ...refused },
  },
  search: {
    params: ZSearchParams,
    query: ZMessageSearchQuery,
    responses: { 200: ZMessageSearchResponse, ...refused },
  },
  /** The reader jumps to a date, or to the start of the conversation. */
  firstMessage: {
    params: ZSearchParams,
    query: ZFirstMessageQuery,
    responses: { 200: ZFirstMessageResponse, ...refused },
  },
  /** Public: was a file with this SHA-256 issued by the portal? When, and of which channel. */
  verifyExport: {
    params: z.object({ hash: ZSha256 }),
    responses: { 200: ZExportVerifyResponse, ...errorAnswers(400, 429) },
  },
} satisfies SchemasOf<typeof ROUTES.conversations>;

// Conversations: a family's channels and their messages, the
// channel status toggle and the export (sections 4, 5 and 7), the public check of an export's
// fingerprint, and the small member-facing chat API of the local chat provider.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { ZVerificationCode } from '../rules/codes.js';
import { ZEmail } from './auth.js';

export const CHAT_ROLES = ['child', 'adoptive_parent', 'birth_family'] as const;
export const ZChatRole = z.enum(CHAT_ROLES);
export type ChatRole = z.infer<typeof ZChatRole>;

export const ZChatPermission = z.enum(['read', 'write']);
export type ChatPermission = z.infer<typeof ZChatPermission>;

/** A channel id: a UUID (local provider) or a Stream channel id. */
export const ZChannelId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, MSG.extra.notFound);

// ─── Channels of a family ─────────────────────────────────────────────────────────────────────────

export const ZChannelMember = z.object({
  user_id: z.string(),
  name: z.string(),
  role: ZChatRole,
  permission: ZChatPermission,
});
export type ChannelMember = z.infer<typeof ZChannelMember>;

export const ZChannel = z.object({
  id: z.string(),
  /** 'Channel n' (MSG.families.channelLabel). */
  number: z.number().int().positive(),
  disabled: z.boolean(),
  /** ISO date-time. */
  created: z.string(),
  members: z.array(ZChannelMember),
  /** Some message of the channel was reported by a member. */
  hasReports: z.boolean(),
});
export type Channel = z.infer<typeof ZChannel>;

/** GET /api/group/channel/list/{groupId}: the family's channels, and its name (for the breadcrumb). */
export const ZChannelListResponse = z.object({
  /** The family's name as the family screens show it; null while the add-family wizard has not named
   * the family yet. */
  groupName: z.string().nullable(),
  channels: z.array(ZChannel),
});
export type ChannelListResponse = z.infer<typeof ZChannelListResponse>;

// ─── Messages of a channel ────────────────────────────────────────────────────────────────────────

export const MESSAGE_PAGE_SIZE = 100;
export const MESSAGE_PAGE_MAX = 200;

/** GET /api/group/channel/list/{groupId}?channelId=&before=&limit=: a page of the channel's messages. */
export const ZChannelListQuery = z.object({
  channelId: ZChannelId.optional(),
  /** The `nextCursor` of the previous page: messages older than it. */
  before: z.string().trim().min(1).max(512).optional(),
  /** A `newerCursor`: the messages right after it (the page's `newerCursor` goes on from there). */
  after: z.string().trim().min(1, MSG.viewer.invalidCursor).max(512, MSG.viewer.invalidCursor).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
  /**
   * `true` when an open conversation checks for new messages: not a new opening for the audit log
   * (the server still records one if the person has none for the channel in the last minutes).
   */
  refresh: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ChannelListQuery = z.input<typeof ZChannelListQuery>;

/**
 * An attachment as the portal serves it: its addresses are the portal's own (never the provider's or
 * a member's), carrying a short-lived access for this channel so that an <img> or <video> can load
 * them. No address: the portal could not read the attachment (shown as a labelled placeholder).
 */
export const ZMessageAttachment = z.object({
  type: z.enum(['image', 'video']),
  /** Images: the full picture. */
  image_url: z.string().optional(),
  /** Images: a smaller copy for the conversation view. */
  thumb_url: z.string().optional(),
  /** Videos. */
  asset_url: z.string().optional(),
  title: z.string().nullable(),
  /** Files the portal stores: the name as uploaded, the size in bytes and the SHA-256. */
  file_name: z.string().optional(),
  size: z.number().int().optional(),
  sha256: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type MessageAttachment = z.infer<typeof ZMessageAttachment>;

export const ZMessage = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string() }),
  attachments: z.array(ZMessageAttachment),
  /** As the member wrote it: sanitise before showing. */
  html: z.string(),
  /** ISO date-time. */
  created_at: z.string(),
  /** Who reported the message (spec: 'This content has been reported by: {name}'). */
  flaggedMessages: z.object({
    flags: z.array(z.object({ message: z.object({ id: z.string() }), user: z.object({ name: z.string() }) })),
  }),
});
export type Message = z.infer<typeof ZMessage>;

export const ZMessagePageResponse = z.object({
  /** Newest first. */
  messages: z.array(ZMessage),
  /** Pass as `before` for the older page; null at the start of the channel. */
  nextCursor: z.string().nullable(),
  /** With `after` only: pass as `after` for the next newer page; null when the newest is here. */
  newerCursor: z.string().nullable().optional(),
});
export type MessagePageResponse = z.infer<typeof ZMessagePageResponse>;

// ─── Channel status and export ────────────────────────────────────────────────────────────────────

/** POST /api/group/channel/manager/{groupId}/{channelId}: `active: false` disables the channel. */
export const ZChannelStatusRequest = z.object({ active: z.boolean() });
export type ChannelStatusRequest = z.infer<typeof ZChannelStatusRequest>;

/** POST /api/group/channels/export/request/{channelId}: where to send the PDF transcript. */
export const ZExportRequest = z.object({ email: ZEmail(MSG.validation.exportEmailWrong) });
export type ExportRequest = z.input<typeof ZExportRequest>;

export const ZExportRequestResponse = z.object({ message: z.string(), exportId: z.string() });
export type ExportRequestResponse = z.infer<typeof ZExportRequestResponse>;

/**
 * The export dialog: the address twice. Both must be valid ('Email field is wrong' / 'Re-type email
 * field is wrong'); beyond the spec, they must also be the same address.
 */
export const ZExportForm = z
  .object({
    email: ZEmail(MSG.validation.exportEmailWrong),
    retypeEmail: ZEmail(MSG.validation.exportRetypeEmailWrong),
  })
  .refine((form) => form.email === form.retypeEmail, {
    path: ['retypeEmail'],
    message: MSG.conversations.emailsDoNotMatch,
  });
export type ExportForm = z.input<typeof ZExportForm>;

/** GET /api/exports/verify/{sha256}: a lower-case hex SHA-256. */
export const ZSha256 = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, MSG.conversations.invalidFingerprint);

/**
 * Whether the portal issued a file with this SHA-256: when, and what it was — a channel's transcript
 * (which channel, how many messages) or a family's agreement report (which period, how many windows);
 * never its content nor the family's name.
 */
const issuedFile = { issued: z.literal(true), sha256: z.string(), message: z.string() };
export const ZExportVerifyResponse = z.discriminatedUnion('issued', [
  z.object({ issued: z.literal(false), sha256: z.string(), message: z.string() }),
  z.discriminatedUnion('document', [
    z.object({
      ...issuedFile,
      document: z.literal('transcript'),
      /** ISO date-time the export was e-mailed. */
      issuedAt: z.string(),
      channelId: z.string(),
      /** 'Channel n', or null when the channel no longer exists. */
      channelLabel: z.string().nullable(),
      messageCount: z.number().int(),
      byteSize: z.number().int(),
    }),
    z.object({
      ...issuedFile,
      document: z.literal('agreementReport'),
      /** ISO date-time the report was downloaded. */
      issuedAt: z.string(),
      /** The period it reports, both days included. */
      from: z.string(),
      to: z.string(),
      windowCount: z.number().int(),
      byteSize: z.number().int(),
    }),
  ]),
]);
export type ExportVerifyResponse = z.infer<typeof ZExportVerifyResponse>;

// ─── Member-facing chat API (local chat provider) ─────────────────────────────────────────────────

/** POST /api/chat/sessions/code: e-mails a one-time code to a family member. */
export const ZMemberCodeRequest = z.object({ email: ZEmail(MSG.validation.invalidEmailFormat) });
export type MemberCodeRequest = z.input<typeof ZMemberCodeRequest>;

export const ZMemberCodeResponse = z.object({
  message: z.string(),
  /** Opaque: send it back with the code. */
  state: z.string(),
});

/** POST /api/chat/sessions: the code (and state) for a member token. */
export const ZMemberSessionRequest = z.object({
  email: ZEmail(MSG.validation.invalidEmailFormat),
  code: ZVerificationCode,
  state: z.string().min(10).max(2048),
});
export type MemberSessionRequest = z.input<typeof ZMemberSessionRequest>;

export const ZMemberSessionResponse = z.object({
  /** Send as `Authorization: Bearer <token>` to the other /api/chat calls. */
  token: z.string(),
  expiresIn: z.number().int(),
  member: z.object({ id: z.string(), name: z.string() }),
});
export type MemberSessionResponse = z.infer<typeof ZMemberSessionResponse>;

export const ZMemberChannelsResponse = z.object({
  channels: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      disabled: z.boolean(),
      permission: ZChatPermission,
    }),
  ),
});
export type MemberChannelsResponse = z.infer<typeof ZMemberChannelsResponse>;

/**
 * A file the member uploaded to the channel first (POST …/files), by its id, with an optional title.
 * Its kind comes from the file's bytes. (Addresses chosen by the poster — data: URLs, other sites —
 * are not taken: the caseworker's browser would fetch them.)
 */
export const ATTACHMENT_TITLE_MAX = 200;
export const ATTACHMENTS_MAX = 10;
export const ZPostAttachment = z.object({
  fileId: z.uuid(MSG.conversations.fileNotUploaded),
  title: z
    .string()
    .trim()
    .max(ATTACHMENT_TITLE_MAX, MSG.validation.tooLong(MSG.fields.title, ATTACHMENT_TITLE_MAX))
    .nullable()
    .default(null),
});

export const MESSAGE_HTML_MAX = 20_000;
export const FLAG_REASON_MAX = 500;

export const ZPostMessageRequest = z
  .object({
    html: z
      .string()
      .max(MESSAGE_HTML_MAX, MSG.validation.tooLong(MSG.fields.message, MESSAGE_HTML_MAX))
      .default(''),
    attachments: z
      .array(ZPostAttachment)
      .max(ATTACHMENTS_MAX, MSG.conversations.tooManyAttachments(ATTACHMENTS_MAX))
      .default([]),
  })
  .refine((m) => m.html.trim().length > 0 || m.attachments.length > 0, {
    path: ['html'],
    message: MSG.conversations.emptyMessage,
  });
export type PostMessageRequest = z.input<typeof ZPostMessageRequest>;

export const ZPostMessageResponse = z.object({ id: z.string() });

/** What the member API accepts as an attachment: recognised from the bytes, whatever the name says. */
export const UPLOAD_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
} as const;
export type UploadContentType = keyof typeof UPLOAD_TYPES;
export const UPLOAD_MAX_BYTES = { image: 15 * 1024 * 1024, video: 100 * 1024 * 1024 } as const;

/** A file uploaded to a channel, ready to be attached to the member's next message there. */
export const ZUploadedFile = z.object({
  id: z.string(),
  type: z.enum(['image', 'video']),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  fileName: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type UploadedFile = z.infer<typeof ZUploadedFile>;

/** The attachment routes: `size=thumb` asks an image's smaller copy; `access` is the <img>'s credential. */
export const ZAttachmentQuery = z.object({
  size: z.enum(['full', 'thumb']).default('full'),
  access: z.string().optional(),
});

export const ZFlagMessageRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(FLAG_REASON_MAX, MSG.validation.tooLong(MSG.fields.reason, FLAG_REASON_MAX))
    .nullable()
    .default(null),
});
export type FlagMessageRequest = z.input<typeof ZFlagMessageRequest>;

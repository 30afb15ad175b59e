// Conversations: a family's channels and their messages, the
// channel status toggle and the export (sections 4, 5 and 7), the public check of an export's
// fingerprint, and the small member-facing chat API of the local chat provider.
import { z } from 'zod';
import { FAMILY_LANGUAGES } from '../family-texts.js';
import { MSG } from '../messages.js';
import { ZVerificationCode } from '../rules/codes.js';
import { MESSAGE_HTML_MAX } from '../uploads.js';
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

/** Why the member cannot write in a channel they can read: the app says so instead of a box to type in. */
export const ZMemberReadOnly = z.enum(['channel-disabled', 'member-inactive', 'reader']).nullable();
export type MemberReadOnly = z.infer<typeof ZMemberReadOnly>;

/** The newest message of a channel as the home screen shows it: who, when, and its first words. */
export const ZMemberLastMessage = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  /** Plain text, cut to LAST_MESSAGE_PREVIEW_MAX characters; empty for pictures or videos alone. */
  preview: z.string(),
  attachments: z.number().int(),
  /** ISO date-time. */
  created_at: z.string(),
});
export const LAST_MESSAGE_PREVIEW_MAX = 140;
/** Unread counts stop here: the app shows '99+'. */
export const UNREAD_COUNT_MAX = 100;

export const ZMemberChannelsResponse = z.object({
  channels: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      disabled: z.boolean(),
      permission: ZChatPermission,
      /** The family the channel belongs to: a person may be in several (two grandchildren placed apart). */
      familyId: z.string(),
      familyName: z.string(),
      /** Who is in the channel, by name only (never their e-mail); the member themself included. */
      members: z.array(z.object({ id: z.string(), name: z.string(), role: ZChatRole, active: z.boolean() })),
      readOnly: ZMemberReadOnly,
      /** Messages of others after the member's read mark, at most UNREAD_COUNT_MAX. */
      unread: z.number().int(),
      lastMessage: ZMemberLastMessage.nullable(),
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

export const FLAG_REASON_MAX = 500;

export const ZPostMessageRequest = z
  .object({
    /**
     * A key the app makes once per message and sends again with every retry of it: a retry after a
     * lost answer gets the message already made, never a second one.
     */
    clientId: z.uuid(MSG.conversations.messageKeyInvalid).optional(),
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

/** A message as the families' app shows it: the same for every member of the channel. */
export const ZMemberMessage = z.object({
  id: z.string(),
  channelId: z.string(),
  user: z.object({ id: z.string(), name: z.string() }),
  /** Sanitised when posted; the app sanitises again before showing it. */
  html: z.string(),
  attachments: z.array(ZMessageAttachment),
  /** ISO date-time. */
  created_at: z.string(),
  /** The sender's key for the message (their own app matches a pending send with it). */
  clientId: z.string().nullable(),
});
export type MemberMessage = z.infer<typeof ZMemberMessage>;

/** GET /api/chat/channels/{channelId}/messages: a page before or after a cursor (a message id). */
export const ZMemberHistoryQuery = z.object({
  before: z.uuid(MSG.viewer.invalidCursor).optional(),
  after: z.uuid(MSG.viewer.invalidCursor).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(50),
});
export type MemberHistoryQuery = z.input<typeof ZMemberHistoryQuery>;

export const ZMemberHistoryResponse = z.object({
  /** Newest first. */
  messages: z.array(ZMemberMessage),
  /** Pass as `before` for older messages; null at the start of the channel. */
  nextCursor: z.string().nullable(),
  /** With `after`: pass as `after` for newer ones; null when the newest is here. */
  newerCursor: z.string().nullable(),
  /** The messages the member reported (their own reports only). */
  reportedByMe: z.array(z.string()),
});
export type MemberHistoryResponse = z.infer<typeof ZMemberHistoryResponse>;

/** PUT /api/chat/channels/{channelId}/read: the newest message the member has seen. */
export const ZMemberReadRequest = z.object({ messageId: z.uuid(MSG.extra.notFound) });

/**
 * What the server-sent event streams carry, one JSON object per `data:` line. `ready` opens a stream
 * (the app fetches what it missed while away); `message` is a new message; `reported` tells the
 * caseworker's view that a message of the channel was reported.
 */
export const ZMemberLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('message'), message: ZMemberMessage }),
]);
export type MemberLiveEvent = z.infer<typeof ZMemberLiveEvent>;

export const ZChannelLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('message'), messageId: z.string() }),
  z.object({ type: z.literal('reported'), messageId: z.string() }),
]);
export type ChannelLiveEvent = z.infer<typeof ZChannelLiveEvent>;

// What the member API accepts as an attachment (in a module without schemas: the families' app reads it).
export { MESSAGE_HTML_MAX, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadContentType } from '../uploads.js';

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

/** What a member chose: e-mails about messages left unread, and the language of the app and e-mails. */
export const ZMemberPreferences = z.object({
  emailUnread: z.boolean(),
  language: z.enum(FAMILY_LANGUAGES).nullable(),
});
export type MemberPreferences = z.infer<typeof ZMemberPreferences>;

export const ZMemberPreferencesRequest = ZMemberPreferences.partial().refine(
  (change) => change.emailUnread !== undefined || change.language !== undefined,
  MSG.extra.preferencesEmpty,
);
export type MemberPreferencesRequest = z.input<typeof ZMemberPreferencesRequest>;

/** The opt-out link of an unread-messages e-mail: its signed token is the only credential. */
export const ZUnreadMailOptOutRequest = z.object({
  token: z.string(MSG.extra.unsubscribeLinkInvalid).min(1, MSG.extra.unsubscribeLinkInvalid).max(2000),
});

/** The server's VAPID public key (base64url), which a browser's push subscription is made for. */
export const ZPushKeyResponse = z.object({ publicKey: z.string() });

/** A browser's push subscription (PushSubscription.toJSON()), for this device's session. */
export const ZPushSubscriptionRequest = z.object({
  endpoint: z.url(MSG.extra.pushEndpointInvalid).max(2000, MSG.extra.pushEndpointInvalid),
  keys: z.object({
    p256dh: z
      .string(MSG.extra.pushEndpointInvalid)
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, MSG.extra.pushEndpointInvalid),
    auth: z
      .string(MSG.extra.pushEndpointInvalid)
      .regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, MSG.extra.pushEndpointInvalid),
  }),
});
export type PushSubscriptionRequest = z.input<typeof ZPushSubscriptionRequest>;

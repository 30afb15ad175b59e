// The member chat API (local chat provider): a family member signs in with an e-mailed code, lists
// their channels, posts a message (text and attachment references) and reports a message. So a
// conversation can exist without the mobile app. Messages are append-only: nothing here edits or
// deletes one.
import {
  joinName,
  LAST_MESSAGE_PREVIEW_MAX,
  type MemberChannelsResponse,
  type MemberHistoryResponse,
  type MemberMessage,
  type MemberSessionResponse,
  type MessageResponse,
  MSG,
  UNREAD_COUNT_MAX,
  type UploadedFile,
  type ZFlagMessageRequest,
  type ZMemberHistoryQuery,
  type ZPostMessageRequest,
} from '@bridge-talk/contract';
import { normalizeIP } from '@fastify/rate-limit';
import type { AppContext } from '../../app-context.js';
import { findFamilyNames } from '../../db/family-names.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { AttemptLimiter, codeFlowLimiter } from '../../lib/attempt-limiter.js';
import { htmlToText } from '../../lib/html-to-text.js';
import { sanitizeMessageHtml } from '../../lib/message-html.js';
import type { Valid } from '../../lib/route.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { ChatAttachment, ChatMessage } from '../../providers/chat/chat-provider.js';
import { localActionsOf } from '../../providers/chat/index.js';
import type { LocalChatActions } from '../../providers/chat/local-chat-provider.js';
import { localReportOf } from '../../providers/chat/local-chat-reports.js';
import { createAgreementsService } from '../agreements/agreements.service.js';
import { attachmentForViewer } from '../attachments/attachment-view.js';
import {
  type AttachmentRequest,
  createAttachmentsService,
  type ServedAttachment,
} from '../attachments/attachments.service.js';
import { signMediaToken, verifyMediaToken } from '../auth/access-token.js';
import { CODE_SLOT } from '../mail/derived-codes.js';
import { queueMail } from '../mail/mail.service.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { recordReports } from '../reports/reports.service.js';
import * as repo from './chat.repository.js';
import { memberCodeMail } from './member-mail.js';
import * as sessions from './member-sessions.repository.js';
import {
  checkCodeState,
  codeQuarter,
  MEMBER_CODE_TTL_SECONDS,
  MEMBER_TOKEN_TTL_SECONDS,
  memberCodeLabel,
  signCodeState,
  signMemberToken,
  verifyMemberToken,
} from './member-tokens.js';

export interface Member {
  id: string;
  name: string;
  /** The address the token was issued for (lower case). */
  email: string;
  /** The device's session the token belongs to. */
  sessionId: string;
  /** When the token stops working. */
  tokenExpiresAt: Date;
}

/** How long a device stays signed in without being used: every refresh starts it again. */
const MEMBER_SESSION_TTL_DAYS = 90;
/** A token rotated this recently is still taken: two tabs of the app refreshing at once. */
const ROTATION_GRACE_MS = 30_000;

/** A session's token for the app's cookie, and when the cookie ends. */
export interface DeviceSession {
  token: string;
  expiresAt: Date;
}

/** What a member's media token opens: the attachments of one channel. */
function memberMediaScope(channelId: string): string {
  return `member/${channelId}`;
}

/**
 * Where the families' app loads an attachment: the member chat API's route. An <img> or <video> sends
 * no header, so the address carries the member's media token for the channel (`access`).
 */
function memberAttachmentAddress(
  channelId: string,
  messageId: string,
  index: number,
  size: 'full' | 'thumb',
  access: string,
) {
  const path = `/api/chat/channels/${channelId}/messages/${messageId}/attachments/${index}`;
  return `${path}?${size === 'thumb' ? 'size=thumb&' : ''}access=${encodeURIComponent(access)}`;
}

/** A member's media token for a channel: their session's, so that signing out ends it too. */
export function memberMediaToken(ctx: Pick<AppContext, 'tokenKey'>, member: Member, channelId: string) {
  return signMediaToken(ctx.tokenKey, {
    sub: member.id,
    sid: member.sessionId,
    scope: memberMediaScope(channelId),
  });
}

/** A message as the families' app shows it, the writer named as the channel's family names them. */
export function memberMessageView(
  message: {
    id: string;
    channelId: string;
    userId: string;
    userName: string;
    html: string;
    attachments: ChatAttachment[];
    createdAt: Date;
    clientId?: string | null;
  },
  nameOf: (userId: string) => string | undefined,
  access: string,
): MemberMessage {
  return {
    id: message.id,
    channelId: message.channelId,
    user: { id: message.userId, name: nameOf(message.userId) ?? message.userName },
    html: message.html,
    attachments: message.attachments.map((attachment, index) =>
      attachmentForViewer(attachment, 'fileId' in attachment, (size) =>
        memberAttachmentAddress(message.channelId, message.id, index, size, access),
      ),
    ),
    created_at: message.createdAt.toISOString(),
    clientId: message.clientId ?? null,
  };
}

function preview(html: string): string {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  return text.length > LAST_MESSAGE_PREVIEW_MAX ? `${text.slice(0, LAST_MESSAGE_PREVIEW_MAX - 1)}…` : text;
}

/**
 * Uploads one member may have in flight at once (in this process): enough to send two files side by
 * side, too few for one member to hold the server's disk and picture work.
 */
export const UPLOADS_IN_FLIGHT_PER_MEMBER = 2;

export function createChatMembersService(ctx: AppContext) {
  const attachments = createAttachmentsService(ctx);
  const agreements = createAgreementsService(ctx);
  const notifications = createNotificationsService(ctx);
  // Anyone can ask for a code or try one for any e-mail: counted per e-mail and client address (with
  // the route's limit per address), so that nobody's tries lock the member out from their own device.
  const perPair = codeFlowLimiter(ctx.db, 'member-code', ctx.config.auth.rateLimitMax);
  // What protects a member's inbox: a few code e-mails per quarter-hour, whoever asks for them. Counted
  // per quarter, not over a sliding 15 minutes: every mail of a quarter carries that quarter's code, so
  // when a stranger's requests used up the quarter's mails, the member's inbox holds a code their own
  // request's state takes; a new quarter always mails again.
  const codeMails = new AttemptLimiter(ctx.db, 'member-code-mail', 5, MEMBER_CODE_TTL_SECONDS * 1000);

  async function limit(email: string, address: string) {
    if (!(await perPair.take(`${email.toLowerCase()}|${normalizeIP(address, 64)}`)))
      throw new AppError('TOO_MANY_REQUESTS', MSG.extra.tooManyAttempts);
  }
  const uploadsInFlight = new Map<string, number>();

  const sessionEnd = () => new Date(Date.now() + MEMBER_SESSION_TTL_DAYS * 86_400_000);
  const answer = async (
    member: { id: string; email: string; firstName: string; lastName: string },
    sessionId: string,
  ): Promise<MemberSessionResponse> => ({
    token: await signMemberToken(ctx.tokenKey, member, sessionId),
    expiresIn: MEMBER_TOKEN_TTL_SECONDS,
    member: { id: member.id, name: joinName(member.firstName, member.lastName) },
  });
  /** The session's token now, when the one presented was its previous one (within the grace). */
  const currentHashOf = async (sessionId: string, previous: string) =>
    (await sessions.currentTokenHash(ctx.db, sessionId)) ?? previous;

  function actions(): LocalChatActions {
    const local = localActionsOf(ctx.chat);
    if (!local) throw new AppError('NOT_FOUND', MSG.conversations.memberApiUnavailable);
    return local;
  }

  return {
    /** E-mails a code when the address is a family member's; answers the same either way. */
    async requestCode({ input, address }: { input: { email: string }; address: string }) {
      actions();
      await limit(input.email, address);
      const member = await repo.findActiveMemberByEmail(ctx.db, input.email);
      const quarter = codeQuarter();
      if (member && (await codeMails.take(`${member.id}|${quarter}`))) {
        const mail = memberCodeMail({ to: input.email, name: member.firstName, code: CODE_SLOT });
        await queueMail(ctx.queue, { ...mail, codeLabel: memberCodeLabel(member.id, quarter) });
      }
      const state = await signCodeState(ctx.tokenKey, input.email, quarter);
      return { message: MSG.conversations.memberCodeSent, state };
    },

    /**
     * The code for a member token, and a session on this device: its own token goes in the app's
     * httpOnly cookie (callers of the JSON API may ignore it).
     */
    async createSession({
      input,
      address,
    }: {
      input: { email: string; code: string; state: string };
      address: string;
    }): Promise<{ answer: MemberSessionResponse; device: DeviceSession }> {
      actions();
      await limit(input.email, address);
      const member = await repo.findActiveMemberByEmail(ctx.db, input.email);
      const valid =
        member !== null && (await checkCodeState(ctx.tokenKey, { ...input, memberId: member.id }));
      if (!member || !valid) throw new AppError('UNAUTHENTICATED', MSG.conversations.memberCodeInvalid);
      const device = { token: randomToken(), expiresAt: sessionEnd() };
      const sessionId = await sessions.createMemberSession(ctx.db, {
        memberId: member.id,
        email: member.email,
        tokenHash: sha256(device.token),
        expiresAt: device.expiresAt,
      });
      return { answer: await answer(member, sessionId), device };
    },

    /**
     * The app's cookie for a new member token; the cookie's token is replaced. A token replaced more
     * than a few seconds ago, presented again, is a copy in someone else's hands: the session ends.
     */
    async refresh(
      cookie: string | undefined,
    ): Promise<{ answer: MemberSessionResponse; device: DeviceSession }> {
      actions();
      const ended = new AppError('UNAUTHENTICATED', MSG.extra.sessionExpired);
      if (!cookie) throw ended;
      const presented = sha256(cookie);
      const session = await sessions.findMemberSessionByToken(ctx.db, presented);
      if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw ended;
      if (!session.current) {
        const recent = session.rotatedAt && Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_MS;
        if (!recent) {
          ctx.logger.warn({ memberSession: session.id }, 'member session token reused: session ended');
          await sessions.revokeMemberSession(ctx.db, session.id);
          throw ended;
        }
      }
      const member = await repo.findActiveMemberByEmail(ctx.db, session.email);
      if (!member || member.id !== session.memberId) {
        await sessions.revokeMemberSession(ctx.db, session.id);
        throw ended;
      }
      const device = { token: randomToken(), expiresAt: sessionEnd() };
      // A second tab's refresh within the grace period rotates from the current token, not its own.
      const rotated = await sessions.rotateMemberSession(ctx.db, {
        id: session.id,
        fromHash: session.current ? presented : await currentHashOf(session.id, presented),
        toHash: sha256(device.token),
        expiresAt: device.expiresAt,
      });
      if (!rotated) throw ended;
      return { answer: await answer(member, session.id), device };
    },

    /** Ends the session of this device (by its cookie, or the token's own session). */
    async signOut({ cookie, member }: { cookie: string | undefined; member: Member | null }) {
      if (member) {
        await sessions.revokeMemberSession(ctx.db, member.sessionId);
        await notifications.endSession(member.sessionId);
      }
      if (cookie) {
        const session = await sessions.findMemberSessionByToken(ctx.db, sha256(cookie));
        if (session) {
          await sessions.revokeMemberSession(ctx.db, session.id);
          await notifications.endSession(session.id);
        }
      }
      return { message: MSG.conversations.memberSignedOut };
    },

    /** The member of a media token for this channel (an attachment's address), or null. */
    async authenticateMedia(token: string, channelId: string): Promise<Member | null> {
      const claims = await verifyMediaToken(ctx.tokenKey, token, memberMediaScope(channelId));
      const member = claims ? await repo.findMemberOfSession(ctx.db, claims.sub, claims.sid) : null;
      if (!member || !claims) return null;
      return {
        id: member.id,
        name: joinName(member.firstName, member.lastName),
        email: member.sessionEmail,
        sessionId: claims.sid,
        // An attachment's answer is not a stream: nothing waits for the token to end.
        tokenExpiresAt: new Date(),
      };
    },

    /** The member a token names, or null. */
    async authenticate(token: string): Promise<Member | null> {
      const claims = await verifyMemberToken(ctx.tokenKey, token);
      const member = claims
        ? await repo.findSignedInMember(ctx.db, claims.memberId, claims.email, claims.sessionId)
        : null;
      if (!member || !claims) return null;
      return {
        id: member.id,
        name: joinName(member.firstName, member.lastName),
        email: claims.email,
        sessionId: claims.sessionId,
        tokenExpiresAt: claims.expiresAt,
      };
    },

    /** The member's channels, family by family: who is in them, what is unread, the newest message. */
    async listChannels({ member }: { member: Member }): Promise<MemberChannelsResponse> {
      actions();
      const rows = await repo.listMemberChannels(ctx.db, member.id);
      const ids = rows.map((r) => r.id);
      const [people, activity, names] = await Promise.all([
        repo.membersOfChannels(ctx.db, ids),
        repo.channelActivity(ctx.db, member.id, ids, UNREAD_COUNT_MAX),
        findFamilyNames(ctx.db, [...new Set(rows.map((r) => r.familyId))]),
      ]);
      const activityOf = new Map(activity.map((a) => [a.channelId, a]));
      return {
        channels: rows.map((row) => {
          const nameOf = (userId: string) => names.of(row.familyId, userId);
          const last = activityOf.get(row.id)?.last ?? null;
          const disabled = row.channelDisabled || row.entityClosed;
          return {
            id: row.id,
            number: row.number,
            disabled,
            permission: row.permission,
            familyId: row.familyId,
            familyName: row.familyName ?? joinName(row.childFirstName ?? '', row.childLastName ?? ''),
            members: people
              .filter((p) => p.channelId === row.id)
              .map((p) => ({ id: p.userId, name: nameOf(p.userId) ?? '', role: p.role, active: p.active }))
              .filter((p) => p.name !== '')
              .sort((a, b) => a.name.localeCompare(b.name)),
            readOnly: disabled
              ? 'channel-disabled'
              : !row.activeHere
                ? 'member-inactive'
                : row.permission !== 'write'
                  ? 'reader'
                  : null,
            unread: activityOf.get(row.id)?.unread ?? 0,
            lastMessage: last
              ? {
                  id: last.id,
                  userId: last.userId,
                  userName: nameOf(last.userId) ?? '',
                  preview: preview(last.html),
                  attachments: last.attachments,
                  created_at: last.createdAt.toISOString(),
                }
              : null,
          };
        }),
      };
    },

    /** A page of a channel of the member's, newest first, with the messages they reported among it. */
    async history({
      member,
      channelId,
      query,
    }: {
      member: Member;
      channelId: string;
      query: Valid<typeof ZMemberHistoryQuery>;
    }): Promise<MemberHistoryResponse> {
      actions();
      const groupId = await repo.channelFamilyOfMember(ctx.db, member.id, channelId);
      if (!groupId) throw notFound();
      const [page, names] = await Promise.all([
        ctx.chat.listMessages(groupId, channelId, {
          before: query.before ?? null,
          after: query.after ?? null,
          limit: query.limit,
        }),
        findFamilyNames(ctx.db, [groupId]),
      ]);
      if (!page) throw notFound();
      const nameOf = (userId: string) => names.of(groupId, userId);
      const access = await memberMediaToken(ctx, member, channelId);
      return {
        messages: page.messages.map((m: ChatMessage) =>
          memberMessageView({ ...m, channelId, userId: m.user.id, userName: m.user.name }, nameOf, access),
        ),
        nextCursor: page.nextCursor,
        newerCursor: page.newerCursor ?? null,
        reportedByMe: page.messages
          .filter((m) => m.flags.some((f) => f.userId === member.id))
          .map((m) => m.id),
      };
    },

    /** The member has seen the channel up to this message. */
    async markRead({
      member,
      channelId,
      messageId,
    }: {
      member: Member;
      channelId: string;
      messageId: string;
    }) {
      actions();
      const groupId = await repo.channelFamilyOfMember(ctx.db, member.id, channelId);
      if (!groupId || !(await repo.markRead(ctx.db, member.id, channelId, messageId))) throw notFound();
    },

    /** The channels whose new messages the member's event stream carries. */
    async liveChannels(member: Member): Promise<string[]> {
      actions();
      return (await repo.listMemberChannels(ctx.db, member.id)).map((c) => c.id);
    },

    async postMessage({
      member,
      input,
    }: {
      member: Member;
      input: Valid<typeof ZPostMessageRequest> & { channelId: string };
    }): Promise<{ id: string }> {
      const local = actions();
      const { html: written, attachments } = input;
      // Stored as it will be shown; what is left must still be a message (an <img onerror> alone is not).
      const html = sanitizeMessageHtml(written);
      if (!html.trim() && attachments.length === 0) {
        throw new AppError('BAD_REQUEST', MSG.conversations.emptyMessage, {
          html: MSG.conversations.emptyMessage,
        });
      }
      const groupId = await repo.channelFamilyOfMember(ctx.db, member.id, input.channelId);
      if (!groupId) throw notFound();
      const result = await local.postMessage({
        channelId: input.channelId,
        userId: member.id,
        html,
        files: attachments,
        ...(input.clientId ? { clientId: input.clientId } : {}),
      });
      if ('refused' in result && result.refused === 'file-not-uploaded') {
        throw new AppError('BAD_REQUEST', MSG.conversations.fileNotUploaded, {
          attachments: MSG.conversations.fileNotUploaded,
        });
      }
      if ('refused' in result) {
        throw new AppError(
          'CONFLICT',
          result.refused === 'channel-disabled'
            ? MSG.conversations.channelIsDisabled
            : MSG.conversations.cannotWriteHere,
        );
      }
      // A send tried again: the message and everything it set going happened the first time.
      if (result.replayed) return { id: result.id };
      // Every open screen of the channel, on every process.
      await ctx.live.publish({ type: 'message', channelId: input.channelId, messageId: result.id });
      // The others' browsers now, their e-mails once the conversation has gone quiet.
      await notifications.afterMemberPost({ channelId: input.channelId, groupId, writerId: member.id });
      // The family's agreement may be kept by this message: its standing is worked out again.
      await agreements.afterMemberPost(groupId);
      return { id: result.id };
    },

    /** Stores a picture or video the member uploads to one of their channels, to attach next. */
    async uploadFile({
      member,
      input,
    }: {
      member: Member;
      input: {
        channelId: string;
        body: AsyncIterable<Uint8Array>;
        fileName: string | undefined;
        requestEnded: () => Promise<void>;
      };
    }): Promise<UploadedFile> {
      actions();
      const inFlight = uploadsInFlight.get(member.id) ?? 0;
      if (inFlight >= UPLOADS_IN_FLIGHT_PER_MEMBER)
        throw new AppError('TOO_MANY_REQUESTS', MSG.conversations.uploadsInFlight);
      uploadsInFlight.set(member.id, inFlight + 1);
      try {
        // Only what the member could send is kept: a reader's or a disabled channel's upload never is.
        const state = await repo.channelWriteState(ctx.db, member.id, input.channelId);
        if (!state) throw notFound();
        if (state === 'not-a-writer') throw new AppError('CONFLICT', MSG.conversations.cannotWriteHere);
        if (state === 'channel-disabled') throw new AppError('CONFLICT', MSG.conversations.channelIsDisabled);
        return await attachments.upload({ ...input, memberId: member.id });
      } finally {
        const left = (uploadsInFlight.get(member.id) ?? 1) - 1;
        if (left > 0) uploadsInFlight.set(member.id, left);
        else uploadsInFlight.delete(member.id);
      }
    },

    /** An attachment of a message in one of the member's channels. */
    async attachment({
      member,
      input,
    }: {
      member: Member;
      input: AttachmentRequest;
    }): Promise<ServedAttachment> {
      actions();
      const groupId = await repo.channelFamilyOfMember(ctx.db, member.id, input.channelId);
      if (!groupId) throw notFound();
      return attachments.serve({ ...input, groupId });
    },

    async flagMessage({
      member,
      input,
    }: {
      member: Member;
      input: Valid<typeof ZFlagMessageRequest> & { messageId: string };
    }): Promise<MessageResponse> {
      const local = actions();
      const { reason } = input;
      const flagged = await local.flagMessage({ messageId: input.messageId, userId: member.id, reason });
      if (!flagged) throw notFound();
      // The entity's reports queue and alerts take the report at once.
      const report = await localReportOf(ctx.db, input.messageId, member.id);
      await recordReports(ctx, report);
      // The caseworker's open conversation shows the report's mark at once.
      for (const r of report)
        await ctx.live.publish({ type: 'reported', channelId: r.channelId, messageId: r.messageId });
      return { message: MSG.conversations.messageReported };
    },
  };
}

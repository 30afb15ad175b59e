// The member chat API (local chat provider): a family member signs in with an e-mailed code, lists
// their channels, posts a message (text and attachment references) and reports a message. So a
// conversation can exist without the mobile app. Messages are append-only: nothing here edits or
// deletes one.
import {
  type MemberChannelsResponse,
  type MemberSessionResponse,
  type MessageResponse,
  MSG,
  type UploadedFile,
  type ZFlagMessageRequest,
  type ZPostMessageRequest,
} from '@bridge-talk/contract';
import { normalizeIP } from '@fastify/rate-limit';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { AttemptLimiter, codeFlowLimiter } from '../../lib/attempt-limiter.js';
import { sanitizeMessageHtml } from '../../lib/message-html.js';
import type { Valid } from '../../lib/route.js';
import { localActionsOf } from '../../providers/chat/index.js';
import type { LocalChatActions } from '../../providers/chat/local-chat-provider.js';
import { localReportOf } from '../../providers/chat/local-chat-reports.js';
import { createAgreementsService } from '../agreements/agreements.service.js';
import {
  type AttachmentRequest,
  createAttachmentsService,
  type ServedAttachment,
} from '../attachments/attachments.service.js';
import { CODE_SLOT } from '../mail/derived-codes.js';
import { queueMail } from '../mail/mail.service.js';
import { recordReports } from '../reports/reports.service.js';
import * as repo from './chat.repository.js';
import { memberCodeMail } from './member-mail.js';
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
}

/**
 * Uploads one member may have in flight at once (in this process): enough to send two files side by
 * side, too few for one member to hold the server's disk and picture work.
 */
export const UPLOADS_IN_FLIGHT_PER_MEMBER = 2;

export function createChatMembersService(ctx: AppContext) {
  const attachments = createAttachmentsService(ctx);
  const agreements = createAgreementsService(ctx);
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

    async createSession({
      input,
      address,
    }: {
      input: { email: string; code: string; state: string };
      address: string;
    }): Promise<MemberSessionResponse> {
      actions();
      await limit(input.email, address);
      const member = await repo.findActiveMemberByEmail(ctx.db, input.email);
      const valid =
        member !== null && (await checkCodeState(ctx.tokenKey, { ...input, memberId: member.id }));
      if (!member || !valid) throw new AppError('UNAUTHENTICATED', MSG.conversations.memberCodeInvalid);
      return {
        token: await signMemberToken(ctx.tokenKey, member),
        expiresIn: MEMBER_TOKEN_TTL_SECONDS,
        member: { id: member.id, name: `${member.firstName} ${member.lastName}`.trim() },
      };
    },

    /** The member a token names, or null. */
    async authenticate(token: string): Promise<Member | null> {
      const claims = await verifyMemberToken(ctx.tokenKey, token);
      const member = claims ? await repo.findSignedInMember(ctx.db, claims.memberId, claims.email) : null;
      return member ? { id: member.id, name: `${member.firstName} ${member.lastName}`.trim() } : null;
    },

    async listChannels({ member }: { member: Member }): Promise<MemberChannelsResponse> {
      actions();
      return { channels: await repo.listMemberChannels(ctx.db, member.id) };
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
      await recordReports(ctx, await localReportOf(ctx.db, input.messageId, member.id));
      return { message: MSG.conversations.messageReported };
    },
  };
}

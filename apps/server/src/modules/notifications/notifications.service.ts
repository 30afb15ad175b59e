// The families' app's notifications. A member's choices (e-mails about unread messages, the language
// the app, its e-mails and its notifications speak); the unread-messages e-mail, sent once a
// conversation has been quiet for a while, at most one an hour per member and conversation, never
// with the messages themselves, with an opt-out link that works without signing in; and Web Push to
// the browsers a member allowed, saying who wrote, never what.
import { FAMILY_TEXTS, type FamilyLanguage, MSG, type ZPushSubscriptionRequest } from '@bridge-talk/contract';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../app-context.js';
import { findFamilyNames } from '../../db/family-names.js';
import { AppError } from '../../lib/app-error.js';
import { portalUrl } from '../../lib/portal-url.js';
import type { Valid } from '../../lib/route.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { queueMail } from '../mail/mail.service.js';
import { compose } from '../mail/templates.js';
import * as repo from './notifications.repository.js';
import { loadVapidKeys } from './vapid-keys.js';
import { endpointAllowed, sendPush } from './web-push-sender.js';

const OPT_OUT_AUDIENCE = 'bridge-talk-unread-mail-opt-out';
/** An e-mail's opt-out link keeps working for a year: it can only turn e-mails off. */
const OPT_OUT_TTL = '365d';
/** Channels handled per run of the minute job; the rest wait for the next minute. */
const DUE_CHANNELS_PER_RUN = 200;

const textsOf = (language: FamilyLanguage | null) => FAMILY_TEXTS[language ?? 'en'];

/** The address push services may write to about this server's notifications. */
function vapidSubject(ctx: Pick<AppContext, 'config'>): string {
  if (ctx.config.notifications.vapidSubject) return ctx.config.notifications.vapidSubject;
  const from = /<([^>]+)>/.exec(ctx.config.mail.from)?.[1] ?? ctx.config.mail.from;
  return `mailto:${from.trim()}`;
}

function signOptOutToken(ctx: Pick<AppContext, 'tokenKey'>, memberId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(OPT_OUT_AUDIENCE)
    .setSubject(memberId)
    .setIssuedAt()
    .setExpirationTime(OPT_OUT_TTL)
    .sign(ctx.tokenKey);
}

function unreadMail(
  ctx: Pick<AppContext, 'config'>,
  recipient: repo.UnreadRecipient,
  optOutToken: string,
): MailMessage {
  const t = textsOf(recipient.language);
  const open = portalUrl(ctx, `/family/conversations/${encodeURIComponent(recipient.channelId)}`);
  const optOut = portalUrl(ctx, `/family/opt-out?token=${encodeURIComponent(optOutToken)}`);
  return {
    ...compose(recipient.email, t.unreadMailSubject(recipient.unread), [
      t.unreadMailIntro(recipient.firstName, recipient.familyName),
      `${t.unreadMailOpen}\n${open}`,
      `${t.unreadMailOptOut}\n${optOut}`,
    ]),
    listUnsubscribe: optOut,
  };
}

/**
 * Sends the unread-messages e-mails of every channel whose quiet period is over at `now`. A member who
 * had the channel's e-mail within the hour is told later (the channel comes due again then), of every
 * message they have not read or been told of by then.
 */
export async function sendUnreadMails(ctx: AppContext, now: Date): Promise<number> {
  let sent = 0;
  for (const { channelId, dueAt } of await repo.findDueChannels(ctx.db, now, DUE_CHANNELS_PER_RUN)) {
    let next: Date | null = null;
    for (const recipient of await repo.unreadRecipients(ctx.db, channelId, now)) {
      if (recipient.heldUntil) {
        if (!next || recipient.heldUntil < next) next = recipient.heldUntil;
        continue;
      }
      await queueMail(ctx.queue, unreadMail(ctx, recipient, await signOptOutToken(ctx, recipient.memberId)));
      await repo.recordUnreadMail(ctx.db, { ...recipient, sentAt: now });
      sent += 1;
    }
    await repo.settleDueChannel(ctx.db, channelId, dueAt, next);
  }
  return sent;
}

/** Notifies the browsers of the channel's other members of a new message: who wrote, never what. */
async function pushNewMessage(
  ctx: AppContext,
  input: { channelId: string; groupId: string; writerId: string },
): Promise<{ sent: number; gone: number }> {
  const targets = await repo.pushTargets(ctx.db, input.channelId, input.writerId);
  if (targets.length === 0) return { sent: 0, gone: 0 };
  const keys = loadVapidKeys(ctx.config);
  const names = await findFamilyNames(ctx.db, [input.groupId]);
  // A writer the family no longer names (left since) is still someone of the family.
  const writer = names.of(input.groupId, input.writerId) ?? FAMILY_TEXTS.en.appName;
  const sending = {
    keys,
    subject: vapidSubject(ctx),
    topic: input.channelId,
    allowPrivate: ctx.config.notifications.pushAllowPrivateEndpoints,
  };
  const gone: string[] = [];
  let sent = 0;
  for (const target of targets) {
    const t = textsOf(target.language);
    const payload = JSON.stringify({
      title: t.pushTitle(target.familyName),
      body: t.pushBody(writer),
      url: `/family/conversations/${input.channelId}`,
      tag: input.channelId,
    });
    try {
      const outcome = await sendPush(target, payload, sending);
      if (outcome === 'gone') gone.push(target.id);
      if (outcome === 'sent') sent += 1;
    } catch (error) {
      // One browser's push service failing does not keep the others' notifications.
      ctx.logger.warn({ err: error }, 'a push notification was not sent');
    }
  }
  await repo.deleteSubscriptionsById(ctx.db, gone);
  return { sent, gone: gone.length };
}

export function createNotificationsService(ctx: AppContext) {
  return {
    preferences: (memberId: string) => repo.findPreferences(ctx.db, memberId),

    updatePreferences: (memberId: string, change: Partial<repo.Preferences>) =>
      repo.savePreferences(ctx.db, memberId, change),

    /** The opt-out link of an unread-messages e-mail: its token says who, no sign-in is asked. */
    async optOutOfUnreadMails(token: string) {
      let memberId: string | undefined;
      try {
        const { payload } = await jwtVerify(token, ctx.tokenKey, { audience: OPT_OUT_AUDIENCE });
        memberId = payload.sub;
      } catch {
        memberId = undefined;
      }
      if (!memberId) {
        throw new AppError('BAD_REQUEST', MSG.extra.unsubscribeLinkInvalid, {
          token: MSG.extra.unsubscribeLinkInvalid,
        });
      }
      await repo.savePreferences(ctx.db, memberId, { emailUnread: false });
      return { message: MSG.extra.unreadMailsStopped };
    },

    /** A member's message is in: its channel's e-mails wait for quiet, its notifications go now. */
    async afterMemberPost(input: { channelId: string; groupId: string; writerId: string }) {
      const quietMs = ctx.config.notifications.unreadQuietMinutes * 60_000;
      await repo.markUnreadDue(ctx.db, input.channelId, new Date(Date.now() + quietMs));
      await ctx.queue.send('chat.push', input);
    },

    pushKey: () => ({ publicKey: loadVapidKeys(ctx.config).publicKey }),

    async subscribe(
      member: { id: string; sessionId: string },
      input: Valid<typeof ZPushSubscriptionRequest>,
    ) {
      if (!(await endpointAllowed(input.endpoint, ctx.config.notifications.pushAllowPrivateEndpoints))) {
        throw new AppError('BAD_REQUEST', MSG.extra.pushEndpointInvalid, {
          endpoint: MSG.extra.pushEndpointInvalid,
        });
      }
      await repo.saveSubscription(ctx.db, {
        memberId: member.id,
        sessionId: member.sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      });
    },

    unsubscribe: (memberId: string, endpoint: string) => repo.deleteSubscription(ctx.db, memberId, endpoint),

    /** A device signed out: its browser gets no more notifications. */
    endSession: (sessionId: string) => repo.deleteSubscriptionsOfSession(ctx.db, sessionId),
  };
}

/** The minute job of unread-messages e-mails, and the push job each member post queues. */
export async function registerNotificationJobs(ctx: AppContext): Promise<void> {
  ctx.queue.register('chat.unread-mail', async () => {
    await sendUnreadMails(ctx, new Date());
  });
  ctx.queue.register('chat.push', async (data) => {
    await pushNewMessage(ctx, data);
  });
  await ctx.queue.schedule('chat.unread-mail', '* * * * *');
}

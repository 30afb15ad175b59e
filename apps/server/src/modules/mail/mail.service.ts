// Mail is always sent from a job: a request only enqueues, so a slow or failing SMTP server never
// slows a request, and a message survives a restart.
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MailMessage, MailTransport } from '../../providers/mail/index.js';
import type { TokenKey } from '../auth/token-key.js';
import type { AppMetrics } from '../health/metrics.js';
import { CODE_SLOT, deriveCode } from './derived-codes.js';
import { markMailSent, recordMailForJob } from './mail.repository.js';

export function queueMail(queue: JobQueue, message: MailMessage): Promise<string> {
  return queue.send('mail.send', message);
}

interface MailContext {
  db: Db;
  tokenKey: TokenKey;
  mail: MailTransport;
  metrics: Pick<AppMetrics, 'mailSent' | 'mailFailed'>;
}

export function registerMailJobs(queue: JobQueue, ctx: MailContext): void {
  queue.register('mail.send', async (message, { jobId, lastAttempt }) => {
    try {
      await sendMailOnce(ctx, jobId, message);
    } catch (error) {
      if (lastAttempt) ctx.metrics.mailFailed();
      throw error;
    }
  });
}

/**
 * Sends the message of a job once: a retried job whose message went out sends nothing again, and one
 * that crashed while sending sends it with the Message-ID recorded before (the outbox skips it).
 * `beforeSend` runs only when the message is about to go out.
 */
export async function sendMailOnce(
  ctx: MailContext,
  jobKey: string,
  message: MailMessage,
  beforeSend?: () => Promise<void>,
): Promise<void> {
  const { id, alreadySent } = await recordMailForJob(ctx.db, jobKey, message, ctx.mail.kind);
  if (alreadySent) return;
  await beforeSend?.();
  const recorded = { ...message, messageId: `<${id}@bridge-talk.portal>` };
  await ctx.mail.send(await withCode(ctx.tokenKey, recorded), recorded);
  ctx.metrics.mailSent();
  await markMailSent(ctx.db, id);
}

/** The message with its code filled in, derived from its label at the moment it is sent. */
async function withCode(key: TokenKey, message: MailMessage): Promise<MailMessage> {
  const { codeLabel, ...rest } = message;
  if (!codeLabel) return rest;
  const code = await deriveCode(key, codeLabel);
  const fill = (text: string) => text.replaceAll(CODE_SLOT, code);
  return { ...rest, subject: fill(rest.subject), text: fill(rest.text), html: rest.html && fill(rest.html) };
}

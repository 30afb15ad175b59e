// Mail is always sent from a job: a request only enqueues, so a slow or failing SMTP server never
// slows a request, and a message survives a restart.
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MailMessage, MailTransport } from '../../providers/mail/index.js';
import { markMailSent, recordMailForJob } from './mail.repository.js';

export function queueMail(queue: JobQueue, message: MailMessage): Promise<string> {
  return queue.send('mail.send', message);
}

export function registerMailJobs(queue: JobQueue, db: Db, transport: MailTransport): void {
  queue.register('mail.send', (message, { jobId }) => sendMailOnce(db, transport, jobId, message));
}

/**
 * Sends the message of a job once: a retried job whose message went out sends nothing again.
 * `beforeSend` runs only when the message is about to go out.
 */
export async function sendMailOnce(
  db: Db,
  transport: MailTransport,
  jobKey: string,
  message: MailMessage,
  beforeSend?: () => Promise<void>,
): Promise<void> {
  const { id, alreadySent } = await recordMailForJob(db, jobKey, message, transport.kind);
  if (alreadySent) return;
  await beforeSend?.();
  await transport.send(message);
  await markMailSent(db, id);
}

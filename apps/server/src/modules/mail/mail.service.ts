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
  queue.register('mail.send', async (message, { jobId }) => {
    const { id, alreadySent } = await recordMailForJob(db, jobId, message, transport.kind);
    if (alreadySent) return;
    await transport.send(message);
    await markMailSent(db, id);
  });
}

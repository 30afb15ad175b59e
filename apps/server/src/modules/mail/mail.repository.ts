import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailMessages } from '../../db/schema.js';
import type { MailMessage } from '../../providers/mail/index.js';

/** Records the message of a job once; answers whether it was already sent by an earlier attempt. */
export async function recordMailForJob(
  db: Db,
  jobId: string,
  message: MailMessage,
  transport: 'smtp' | 'outbox',
): Promise<{ id: string; alreadySent: boolean }> {
  await db
    .insert(mailMessages)
    .values({
      jobId,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      transport,
    })
    .onConflictDoNothing({ target: mailMessages.jobId });
  const [row] = await db
    .select({ id: mailMessages.id, sentAt: mailMessages.sentAt })
    .from(mailMessages)
    .where(eq(mailMessages.jobId, jobId));
  if (!row) throw new Error(`mail row for job ${jobId} missing`);
  return { id: row.id, alreadySent: row.sentAt !== null };
}

export async function markMailSent(db: Db, id: string): Promise<void> {
  await db.update(mailMessages).set({ sentAt: new Date() }).where(eq(mailMessages.id, id));
}

export async function findSentMailTo(db: Db, to: string) {
  return db
    .select({ subject: mailMessages.subject, text: mailMessages.text, sentAt: mailMessages.sentAt })
    .from(mailMessages)
    .where(and(eq(mailMessages.to, to), isNotNull(mailMessages.sentAt)))
    .orderBy(mailMessages.createdAt);
}

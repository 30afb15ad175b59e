import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer';
import { toMailOptions } from './mail-options.js';
import type { MailMessage, MailTransport } from './mail-transport.js';

/**
 * The embedded default: every message is already stored in `mail_messages` by the job, without its
 * attachments; this transport writes the whole message as an .eml file (what any mail client opens,
 * an exported PDF included) and prints its path, so that a person running the portal locally can read
 * invitations, activation codes and exports. OUTBOX_LOG_TEXT=false keeps message bodies out of the log
 * (tests and any shared log); the path is still printed.
 */
export function createOutboxTransport(
  logger: FastifyBaseLogger,
  options: { from: string; directory: string; logText: boolean },
): MailTransport {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const eml = await new MailComposer(toMailOptions(options.from, message)).compile().build();
      await mkdir(options.directory, { recursive: true });
      // The time first, so that a listing of the folder is in the order the messages were sent.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const file = path.join(options.directory, name);
      await writeFile(file, eml);
      const attachments = message.attachments?.map((a) => a.filename) ?? [];
      const mail = { to: message.to, subject: message.subject, attachments, file };
      if (options.logText) logger.info({ mail }, `outbox mail written to ${file}\n${message.text}`);
      else logger.info({ mail }, `outbox mail written to ${file}`);
    },
    async close() {},
  };
}

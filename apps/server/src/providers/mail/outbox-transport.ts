import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer';
import { toMailOptions } from './mail-options.js';
import type { MailMessage, MailTransport } from './mail-transport.js';

/**
 * The embedded default: every message is already stored in `mail_messages` by the job, without its
 * attachments; this transport writes the whole message as an .eml file (what any mail client opens,
 * an exported PDF included) and prints its path, so that a person running the portal locally can read
 * invitations, activation codes and exports. OUTBOX_LOG_TEXT=false keeps message bodies out of the log
 * (tests and any shared log); the path is still printed. A code in a message is never logged: the
 * file holds it. Each file appears whole (written aside, then renamed), and a message whose
 * Message-ID has a file already is not written again (a retry after a crash).
 */
export function createOutboxTransport(
  logger: FastifyBaseLogger,
  options: { from: string; directory: string; logText: boolean },
): MailTransport {
  return {
    kind: 'outbox',
    async send(message: MailMessage, logged: MailMessage = message) {
      await mkdir(options.directory, { recursive: true, mode: 0o700 });
      const suffix = `-${fileTag(message.messageId ?? randomUUID())}.eml`;
      if (message.messageId && (await readdir(options.directory)).some((f) => f.endsWith(suffix))) return;
      // The time first, so that a listing of the folder is in the order the messages were sent.
      const file = path.join(options.directory, `${new Date().toISOString().replace(/[:.]/g, '-')}${suffix}`);
      const aside = `${file}.${randomUUID().slice(0, 8)}.tmp`;
      try {
        // Streamed: a message with a large attachment is never whole in memory.
        const eml = new MailComposer(toMailOptions(options.from, message)).compile().createReadStream();
        await pipeline(eml, createWriteStream(aside, { mode: 0o600 }));
        await rename(aside, file);
      } finally {
        await rm(aside, { force: true });
      }
      const attachments = message.attachments?.map((a) => a.filename) ?? [];
      const mail = { to: message.to, subject: message.subject, attachments, file };
      if (options.logText) logger.info({ mail }, `outbox mail written to ${file}\n${logged.text}`);
      else logger.info({ mail }, `outbox mail written to ${file}`);
    },
    async check() {
      await mkdir(options.directory, { recursive: true, mode: 0o700 });
      await access(options.directory, constants.W_OK);
    },
    async close() {},
  };
}

/** A Message-ID as a piece of a file name: its local part, letters, digits and dashes only. */
function fileTag(messageId: string): string {
  return messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9-]/g, '');
}

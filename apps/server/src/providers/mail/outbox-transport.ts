import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailTransport } from './mail-transport.js';

/**
 * The embedded default: every message is already stored in `mail_messages` by the job; this transport
 * prints it so that a person running the portal locally can read invitations and activation codes.
 * OUTBOX_LOG_TEXT=false keeps message bodies out of the log (tests and any shared log).
 */
export function createOutboxTransport(logger: FastifyBaseLogger, logText: boolean): MailTransport {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const attachments = message.attachments?.map((a) => a.filename) ?? [];
      if (logText) {
        logger.info(
          { mail: { to: message.to, subject: message.subject, attachments } },
          `outbox mail\n${message.text}`,
        );
      } else {
        logger.info({ mail: { to: message.to, subject: message.subject, attachments } }, 'outbox mail');
      }
    },
    async close() {},
  };
}

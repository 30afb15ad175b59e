import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.js';
import type { MailTransport } from './mail-transport.js';
import { createOutboxTransport } from './outbox-transport.js';
import { createSmtpTransport } from './smtp-transport.js';

export type { MailMessage, MailTransport } from './mail-transport.js';

export function createMailTransport(config: Config, logger: FastifyBaseLogger): MailTransport {
  if (config.mail.smtpUrl) return createSmtpTransport(config.mail.smtpUrl, config.mail.from);
  return createOutboxTransport(logger, {
    from: config.mail.from,
    directory: config.mail.outboxDir,
    logText: config.mail.outboxLogText,
  });
}

import nodemailer from 'nodemailer';
import { toMailOptions } from './mail-options.js';
import type { MailMessage, MailTransport } from './mail-transport.js';

/**
 * A server that answered lately is taken to answer still: a readiness probe every few seconds would
 * otherwise open an SMTP session each time.
 */
const CHECK_KEPT_MS = 30_000;

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  let answeredAt = Number.NEGATIVE_INFINITY;
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transporter.sendMail(toMailOptions(from, message));
      answeredAt = Date.now();
    },
    async check() {
      if (Date.now() - answeredAt < CHECK_KEPT_MS) return;
      await transporter.verify();
      answeredAt = Date.now();
    },
    async close() {
      transporter.close();
    },
  };
}

import nodemailer from 'nodemailer';
import { toMailOptions } from './mail-options.js';
import type { MailMessage, MailTransport } from './mail-transport.js';

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transporter.sendMail(toMailOptions(from, message));
    },
    async close() {
      transporter.close();
    },
  };
}

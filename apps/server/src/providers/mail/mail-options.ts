import type { MailComposerOptions } from 'nodemailer/lib/mail-composer';
import type { MailMessage } from './mail-transport.js';

/** One message as nodemailer builds it: both transports send the same MIME message. */
export function toMailOptions(from: string, message: MailMessage): MailComposerOptions {
  return {
    from,
    messageId: message.messageId,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.listUnsubscribe ? { list: { unsubscribe: message.listUnsubscribe } } : {}),
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      ...('path' in a ? { path: a.path } : { content: Buffer.from(a.content, 'base64') }),
    })),
  };
}

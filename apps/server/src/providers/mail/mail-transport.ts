// The mail provider: one interface, two implementations (SMTP through nodemailer, or the outbox that
// writes each message as an .eml file and logs its path). Business code never calls a transport: it
// enqueues a `mail.send` job.
export interface MailAttachment {
  filename: string;
  /** base64 */
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

// The mail provider: one interface, two implementations (SMTP through nodemailer, or the outbox that
// writes each message as an .eml file and logs its path). Business code never calls a transport: it
// enqueues a `mail.send` job.
type MailAttachment = {
  filename: string;
  contentType: string;
} & (
  | {
      /** base64 */
      content: string;
    }
  | {
      /** A file read as the message is sent (a large one is never held in memory). */
      path: string;
    }
);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * The message carries an e-mailed code: its texts hold CODE_SLOT, and the code is derived from this
   * label as the message is sent (see derived-codes.ts), so a queued or recorded message holds none.
   */
  codeLabel?: string;
  /** A page that stops e-mails like this one (the List-Unsubscribe header mail programs offer). */
  listUnsubscribe?: string;
  /**
   * The Message-ID, recorded before the first attempt to send: a retry after a crash sends the same
   * one, which the outbox sees it has written and a mail client takes for the same message.
   */
  messageId?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** `logged`: the message as a log may show it (its code not filled in), when the transport logs it. */
  send(message: MailMessage, logged?: MailMessage): Promise<void>;
  /** Resolves when a message could be sent now (the readiness probe); rejects with why not. */
  check(): Promise<void>;
  close(): Promise<void>;
}

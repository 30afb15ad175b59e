// An in-process SMTP server that keeps what it receives, parsed, for assertions.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { rememberSecret } from './test-app.js';

export interface SmtpCapture {
  url: string;
  messages: ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Waits for a message to `to` whose subject matches, and returns it. */
export async function waitForMessage(capture: SmtpCapture, to: string, subject: RegExp, timeoutMs = 10_000) {
  return (await waitForMessages(capture, to, subject, 1, timeoutMs)).at(-1) as ParsedMail;
}

/** Waits for `count` messages to `to` whose subject matches, and returns them in the order received. */
export async function waitForMessages(
  capture: SmtpCapture,
  to: string,
  subject: RegExp,
  count: number,
  timeoutMs = 10_000,
) {
  const started = Date.now();
  for (;;) {
    const found = capture.messages.filter(
      (m) =>
        subject.test(m.subject ?? '') &&
        (Array.isArray(m.to) ? m.to : [m.to]).some((a) =>
          a?.value.some((v) => v.address === to.toLowerCase()),
        ),
    );
    if (found.length >= count) return found;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${found.length} mails to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The 6-character code of a code e-mail (it stands alone on its line). */
export function codeIn(text: string | undefined): string {
  const match = /^([A-Z2-9]{6})$/m.exec(text ?? '');
  if (!match?.[1]) throw new Error('no code in the message');
  rememberSecret(match[1]);
  return match[1];
}

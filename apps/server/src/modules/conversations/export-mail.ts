// The e-mail that delivers a transcript: what it is, for whom, its SHA-256 and where to check it.
import type { MailMessage } from '../../providers/mail/index.js';
import { compose } from '../mail/templates.js';

export function transcriptFileName(familyName: string, channelNumber: number, requestedAt: Date): string {
  const slug =
    familyName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .slice(0, 40) || 'family';
  return `bridge-talk-${slug}-channel-${channelNumber}-${requestedAt.toISOString().slice(0, 10)}.pdf`;
}

export function exportMail(input: {
  to: string;
  familyName: string;
  channelLabel: string;
  requestedBy: string;
  requestedOn: string;
  messageCount: number;
  sha256: string;
  verifyUrl: string;
  fileName: string;
  /** The transcript's file, read as the message is sent. */
  pdfPath: string;
}): MailMessage {
  const checkUrl = `${input.verifyUrl}/${input.sha256}`;
  const paragraphs = [
    'Hello,',
    `As requested by ${input.requestedBy} on ${input.requestedOn} (UTC), the conversation history of ${input.channelLabel} of the ${input.familyName} family is attached as a PDF file (${input.messageCount.toLocaleString('en-US')} messages).`,
    `SHA-256 fingerprint of the attached file:\n${input.sha256}`,
    `To check that a copy of this file was issued by the Bridge Talk portal, open this page and choose the file (it is checked in the browser, not uploaded), or compare its SHA-256 (for example from "sha256sum ${input.fileName}") with the one above:\n${checkUrl}`,
    'This message contains private family information. If you did not expect it, please delete it.',
  ];
  return {
    ...compose(input.to, `Conversation export: ${input.familyName}, ${input.channelLabel}`, paragraphs),
    attachments: [{ filename: input.fileName, path: input.pdfPath, contentType: 'application/pdf' }],
  };
}

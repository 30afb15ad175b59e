// The PDF transcript of a channel: a cover page (family, agency, channel, members, date range, who
// asked and when), then every message in order with its date, time, sender, text, attachments and
// reports. Pictures are printed as pictures (scaled to the page, with their title, file name and
// SHA-256), videos as a labelled frame with the same facts, and an attachment the portal cannot read
// as a labelled placeholder — never an address or raw bytes. Messages arrive as an async stream and
// pictures are fetched one at a time, so a long channel is never all in memory; the document is
// deterministic for the same content (its dates are the request's), so a retried job produces the
// same bytes and the same SHA-256.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  formatByteSize,
  formatDate,
  formatDateTime,
  formatMessageTime,
  MSG,
  memberRoleLabel,
} from '@bridge-talk/contract';
import PDFDocument from 'pdfkit';
import type {
  ChatAttachment,
  ChatMemberRole,
  ChatMessage,
  ChatPermission,
} from '../../providers/chat/chat-provider.js';
import { htmlToText } from './transcript-text.js';

export interface TranscriptCover {
  familyName: string;
  entityName: string;
  channelLabel: string;
  members: { name: string; role: ChatMemberRole; permission: ChatPermission }[];
  messageCount: number;
  firstMessageAt: Date | null;
  lastMessageAt: Date | null;
  requestedBy: { name: string; email: string } | null;
  requestedAt: Date;
  sentTo: string;
  exportId: string;
  /** Where a fingerprint is checked: `${verifyUrl}/<sha256>`. */
  verifyUrl: string;
}

export interface TranscriptFile {
  bytes: Buffer;
  sha256: string;
}

/** A picture ready for the page: a JPEG and its size in pixels. */
export interface PrintedPicture {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Reads one attachment's picture for printing (null: not a picture, or the portal cannot read it). */
export type PictureReader = (attachment: ChatAttachment) => Promise<PrintedPicture | null>;

const UTC = 'UTC';
/** The tallest a picture is printed, in points: several fit on a page, and a portrait photo is legible. */
const PICTURE_MAX_HEIGHT = 320;

/** A Unicode font when the system has one (names, emoji-free scripts); else the built-in Helvetica. */
const UNICODE_FONTS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

function fontsAvailable() {
  return existsSync(UNICODE_FONTS.regular) && existsSync(UNICODE_FONTS.bold);
}

function when(date: Date): string {
  return formatDateTime(date, UTC);
}

const COLOR = { text: '#1a1b1e', muted: '#6b6f76', rule: '#d9dce1', flag: '#c92a2a', link: '#1c5fb8' };

/** What identifies an attachment in print: its kind and title, and for a stored file its name, size and SHA-256. */
function attachmentFacts(attachment: ChatAttachment): { label: string; detail: string | null } {
  const kind = attachment.type === 'image' ? MSG.conversations.imageLabel : MSG.conversations.videoLabel;
  const label = attachment.title ? `${kind}: ${attachment.title}` : kind;
  if (!('fileId' in attachment)) return { label, detail: null };
  return {
    label,
    detail: `${attachment.fileName} · ${formatByteSize(attachment.size)} · SHA-256 ${attachment.sha256}`,
  };
}

export async function buildTranscriptPdf(
  cover: TranscriptCover,
  messages: AsyncIterable<ChatMessage>,
  readPicture: PictureReader = async () => null,
): Promise<TranscriptFile> {
  const unicode = fontsAvailable();
  // Helvetica encodes Windows-1252 only: anything else would print as garbage.
  const printable = unicode ? (s: string) => s : (s: string) => s.replace(/[^\n\t\x20-\x7e\xa0-\xff]/g, '?');
  const title = `${MSG.conversations.transcriptTitle} — ${cover.familyName}, ${cover.channelLabel}`;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    info: {
      Title: title,
      Author: MSG.frame.productName,
      Subject: `Export ${cover.exportId}`,
      CreationDate: cover.requestedAt,
      ModDate: cover.requestedAt,
    },
  });
  if (unicode) {
    doc.registerFont('regular', UNICODE_FONTS.regular);
    doc.registerFont('bold', UNICODE_FONTS.bold);
  } else {
    doc.registerFont('regular', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  }

  const chunks: Buffer[] = [];
  const hash = createHash('sha256');
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      hash.update(chunk);
    });
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const field = (label: string, value: string) => {
    doc.font('bold').fontSize(10).fillColor(COLOR.muted).text(label.toUpperCase(), { characterSpacing: 0.5 });
    doc.font('regular').fontSize(12).fillColor(COLOR.text).text(printable(value));
    doc.moveDown(0.6);
  };

  // ─── Cover page ───
  doc.font('bold').fontSize(22).fillColor(COLOR.text).text(MSG.conversations.transcriptTitle);
  doc.font('regular').fontSize(11).fillColor(COLOR.muted).text('Bridge Talk portal');
  doc.moveDown(1.5);
  field('Family', cover.familyName);
  field('Agency', cover.entityName);
  field('Channel', cover.channelLabel);
  field(
    'Members',
    cover.members.length
      ? cover.members
          .map(
            (m) =>
              `${m.name} — ${memberRoleLabel(m.role)}, ${m.permission === 'write' ? 'can write' : 'read only'}`,
          )
          .join('\n')
      : '—',
  );
  field('Messages', cover.messageCount.toLocaleString('en-US'));
  field(
    'Date range',
    cover.firstMessageAt && cover.lastMessageAt
      ? `${when(cover.firstMessageAt)} to ${when(cover.lastMessageAt)}`
      : MSG.conversations.noMessages,
  );
  field(
    'Requested by',
    `${cover.requestedBy ? `${cover.requestedBy.name} (${cover.requestedBy.email})` : 'A former user'} on ${when(cover.requestedAt)}`,
  );
  field('Sent to', cover.sentTo);
  field('Export', cover.exportId);
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(COLOR.muted)
    .text(
      `Times are in UTC. The SHA-256 fingerprint of this file is given in the e-mail that delivered it; ` +
        'anyone holding the file can check that the Bridge Talk portal issued it, and when, at ',
      { continued: true },
    )
    .fillColor(COLOR.link)
    .text(`${cover.verifyUrl}/<fingerprint>`, { continued: true })
    .fillColor(COLOR.muted)
    .text('. Messages are shown as written; reports made by members are listed under the message.');

  const bottomOf = () => doc.page.height - doc.page.margins.bottom;
  const caption = (attachment: ChatAttachment, note?: string) => {
    const { label, detail } = attachmentFacts(attachment);
    doc.font('bold').fontSize(9).fillColor(COLOR.muted).text(printable(label));
    const lines = [detail, note].filter(Boolean).join('\n');
    if (lines) doc.font('regular').fontSize(8).fillColor(COLOR.muted).text(printable(lines));
  };
  /** A framed box with a label inside: a video, or an attachment that cannot be shown. */
  const frame = (height: number, lines: string[]) => {
    if (doc.y + height + 30 > bottomOf()) doc.addPage();
    const x = doc.page.margins.left;
    const y = doc.y + 2;
    const boxWidth = Math.min(width, 280);
    doc.rect(x, y, boxWidth, height).lineWidth(0.75).fillAndStroke('#f1f3f5', COLOR.rule);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(printable(lines.join('\n')), x + 10, y + height / 2 - lines.length * 6, {
        width: boxWidth - 20,
        align: 'center',
      });
    doc.x = x;
    doc.y = y + height + 4;
  };
  async function printAttachment(attachment: ChatAttachment) {
    if (attachment.type === 'video') {
      frame(90, [`▶ ${MSG.conversations.videoLabel}`, attachment.title ?? ''].filter(Boolean));
      caption(attachment);
      return;
    }
    const picture = await readPicture(attachment);
    if (!picture) {
      frame(48, [MSG.conversations.attachmentUnavailable]);
      caption(attachment);
      return;
    }
    // Scaled to the text width (never enlarged beyond 1 px = 1 pt) and to the tallest a picture is.
    const scale = Math.min(width / picture.width, PICTURE_MAX_HEIGHT / picture.height, 1);
    const w = picture.width * scale;
    const h = picture.height * scale;
    if (doc.y + h + 30 > bottomOf()) doc.addPage();
    const y = doc.y + 2;
    doc.image(picture.jpeg, doc.page.margins.left, y, { width: w, height: h });
    doc.x = doc.page.margins.left;
    doc.y = y + h + 4;
    caption(attachment);
  }

  // ─── Messages ───
  doc.addPage();
  let day = '';
  let any = false;
  for await (const message of messages) {
    any = true;
    const messageDay = formatDate(message.createdAt, UTC);
    if (messageDay !== day) {
      day = messageDay;
      if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
      doc.moveDown(0.4);
      doc.font('bold').fontSize(11).fillColor(COLOR.text).text(day);
      const y = doc.y + 2;
      doc
        .moveTo(doc.page.margins.left, y)
        .lineTo(doc.page.margins.left + width, y)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
      doc.moveDown(0.5);
    }
    if (doc.y > doc.page.height - doc.page.margins.bottom - 48) doc.addPage();
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(COLOR.text)
      .text(printable(message.user.name || message.user.id), { continued: true })
      .font('regular')
      .fillColor(COLOR.muted)
      .text(`   ${formatMessageTime(message.createdAt, UTC)}`);
    const text = htmlToText(message.html);
    if (text)
      doc.font('regular').fontSize(10).fillColor(COLOR.text).text(printable(text), { paragraphGap: 2 });
    for (const attachment of message.attachments) await printAttachment(attachment);
    for (const flag of message.flags) {
      doc
        .font('bold')
        .fontSize(9)
        .fillColor(COLOR.flag)
        .text(
          printable(
            `${MSG.families.reportedBy(flag.name)} (${when(flag.createdAt)}${flag.reason ? `: ${flag.reason}` : ''})`,
          ),
        );
    }
    doc.moveDown(0.6);
  }
  if (!any) doc.font('regular').fontSize(11).fillColor(COLOR.muted).text(MSG.conversations.noMessages);

  // ─── Footer on every page ───
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(
        printable(`${cover.familyName} · ${cover.channelLabel} · Page ${i + 1} of ${range.count}`),
        doc.page.margins.left,
        doc.page.height - 40,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return { bytes: Buffer.concat(chunks), sha256: hash.digest('hex') };
}

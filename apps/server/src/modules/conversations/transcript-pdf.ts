// The PDF transcript of a channel: a cover page (family, agency, channel, members, date range, who
// asked and when), then every message in order with its date, time, sender, text, attachments and
// reports. Pictures are printed as pictures (scaled to the page, with their title, file name and
// SHA-256), videos by their still frame when the chat provider gives one (else a box that says there
// is none), with their duration and SHA-256, and an attachment the portal cannot read as a labelled
// placeholder — never an address or raw bytes. A message starts on a new page when it would not fit
// with its pictures on this one. Messages arrive as an async stream and one message's pictures are
// fetched at a time, and each page is written out as soon as it is full, so a long channel is never
// all in memory; the document is deterministic for the same content (its dates are the request's), so
// a retried job produces the same bytes and SHA-256.
// The file is tagged (headings, paragraphs, figures with their text; rules and page footers as
// artifacts) for screen readers and, its fonts embedded, conforms to PDF/A-2b for archiving.
import type { Writable } from 'node:stream';
import {
  formatByteSize,
  formatDate,
  formatDateTime,
  formatMessageTime,
  MSG,
  memberRoleLabel,
} from '@bridge-talk/contract';
import { htmlToText } from '../../lib/html-to-text.js';
import {
  COLOR,
  fileWriter,
  forgetWordLayoutsEachPage,
  openPdf,
  pageFooters,
  releaseFinishedPages,
} from '../../lib/pdf-document.js';
import type {
  ChatAttachment,
  ChatMemberRole,
  ChatMessage,
  ChatPermission,
} from '../../providers/chat/chat-provider.js';

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

/** What was written: the file's SHA-256, its size and its number of pages. */
export interface TranscriptFile {
  sha256: string;
  byteSize: number;
  pages: number;
}

/** A picture ready for the page: a JPEG and its size in pixels. */
interface PrintedPicture {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Reads one attachment's picture for printing (null: not a picture, or the portal cannot read it). */
export type PictureReader = (attachment: ChatAttachment) => Promise<PrintedPicture | null>;

const UTC = 'UTC';
/** The tallest a picture is printed, in points: several fit on a page, and a portrait photo is legible. */
const PICTURE_MAX_HEIGHT = 320;

function when(date: Date): string {
  return formatDateTime(date, UTC);
}

/** m:ss, or h:mm:ss from an hour. */
function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * What identifies an attachment in print: its kind and title, and for a stored file its name, size and
 * SHA-256; a video's duration, and that its SHA-256 is not known when the chat provider holds it.
 */
function attachmentFacts(attachment: ChatAttachment): { label: string; detail: string | null } {
  const kind = attachment.type === 'image' ? MSG.conversations.imageLabel : MSG.conversations.videoLabel;
  const label = attachment.title ? `${kind}: ${attachment.title}` : kind;
  const duration =
    attachment.type !== 'video'
      ? null
      : 'durationSeconds' in attachment && typeof attachment.durationSeconds === 'number'
        ? MSG.conversations.videoDuration(formatDuration(attachment.durationSeconds))
        : MSG.conversations.videoDurationUnknown;
  if (!('fileId' in attachment))
    return {
      label,
      detail: duration ? `${duration} · ${MSG.conversations.videoFingerprintUnknown}` : null,
    };
  const file = `${attachment.fileName} · ${formatByteSize(attachment.size)} · SHA-256 ${attachment.sha256}`;
  return { label, detail: duration ? `${duration} · ${file}` : file };
}

/** Writes the transcript into `output` (ended when the file is whole). */
export async function buildTranscriptPdf(
  cover: TranscriptCover,
  messages: AsyncIterable<ChatMessage>,
  output: Writable,
  readPicture: PictureReader = async () => null,
): Promise<TranscriptFile> {
  const title = `${MSG.conversations.transcriptTitle} — ${cover.familyName}, ${cover.channelLabel}`;
  const { doc, unicode, printable } = openPdf({
    title,
    subject: `Export ${cover.exportId}`,
    date: cover.requestedAt,
  });

  const file = fileWriter(doc, output);
  const footer = pageFooters(doc, unicode, `${cover.familyName} · ${cover.channelLabel}`, printable);

  // The structure a screen reader follows: every piece of text is a heading or a paragraph of it.
  // Each day of messages is a section of its own, ended when the next day begins: pdfkit lets go of a
  // structure element's children only when it ends.
  const structure = doc.struct('Document');
  doc.addStructure(structure);
  let section: PDFKit.PDFStructureElement = structure;
  const as = (structType: 'H1' | 'H2' | 'H3' | 'P') => ({ structParent: section, structType });
  releaseFinishedPages(doc);
  forgetWordLayoutsEachPage(doc);
  /** Lines, boxes and page footers: decoration a screen reader skips. */
  const artifact = (draw: () => void, type?: 'Pagination' | 'Layout') => {
    doc.markContent('Artifact', type ? { type } : undefined);
    draw();
    doc.endMarkedContent();
  };

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const field = (label: string, value: string) => {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(COLOR.muted)
      .text(label.toUpperCase(), { characterSpacing: 0.5, ...as('H2') });
    doc.font('regular').fontSize(12).fillColor(COLOR.text).text(printable(value), as('P'));
    doc.moveDown(0.6);
  };

  // ─── Cover page ───
  doc.font('bold').fontSize(22).fillColor(COLOR.text).text(MSG.conversations.transcriptTitle, as('H1'));
  doc.font('regular').fontSize(11).fillColor(COLOR.muted).text('Bridge Talk portal', as('P'));
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
      { continued: true, ...as('P') },
    )
    .fillColor(COLOR.link)
    .text(`${cover.verifyUrl}/<fingerprint>`, { continued: true })
    .fillColor(COLOR.muted)
    .text('. Messages are shown as written; reports made by members are listed under the message.');

  const bottomOf = () => doc.page.height - doc.page.margins.bottom;
  /** The space a caption takes under an attachment. */
  const CAPTION_HEIGHT = 34;
  const caption = (attachment: ChatAttachment) => {
    const { label, detail } = attachmentFacts(attachment);
    doc.font('bold').fontSize(9).fillColor(COLOR.muted).text(printable(label), as('P'));
    if (detail) doc.font('regular').fontSize(8).fillColor(COLOR.muted).text(printable(detail), as('P'));
  };
  /** A framed box with a label inside: a video with no still frame, or an attachment that cannot be shown. */
  const frame = (height: number, lines: string[]) => {
    if (doc.y + height + CAPTION_HEIGHT > bottomOf()) doc.addPage();
    const x = doc.page.margins.left;
    const y = doc.y + 2;
    const boxWidth = Math.min(width, 280);
    artifact(() => doc.rect(x, y, boxWidth, height).lineWidth(0.75).fillAndStroke('#f1f3f5', COLOR.rule));
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(printable(lines.join('\n')), x + 10, y + height / 2 - lines.length * 6, {
        width: boxWidth - 20,
        align: 'center',
        ...as('P'),
      });
    doc.x = x;
    doc.y = y + height + 4;
  };
  /** An attachment as printed: the picture (a video's still frame) scaled to the page, or a box. */
  type Printed = { attachment: ChatAttachment; picture: PrintedPicture | null; height: number };
  const BOX_HEIGHT = { video: 90, unavailable: 48 };
  function scaled(picture: PrintedPicture) {
    // To the text width (never enlarged beyond 1 px = 1 pt) and to the tallest a picture is.
    const scale = Math.min(width / picture.width, PICTURE_MAX_HEIGHT / picture.height, 1);
    return { w: picture.width * scale, h: picture.height * scale };
  }
  async function prepare(attachment: ChatAttachment): Promise<Printed> {
    const picture = await readPicture(attachment);
    const box = attachment.type === 'video' ? BOX_HEIGHT.video : BOX_HEIGHT.unavailable;
    return { attachment, picture, height: (picture ? scaled(picture).h + 6 : box + 6) + CAPTION_HEIGHT };
  }
  function printAttachment({ attachment, picture }: Printed) {
    const video = attachment.type === 'video';
    if (!picture) {
      frame(
        video ? BOX_HEIGHT.video : BOX_HEIGHT.unavailable,
        video
          ? [`▶ ${MSG.conversations.videoLabel}`, MSG.conversations.videoNoStill]
          : [MSG.conversations.attachmentUnavailable],
      );
      caption(attachment);
      return;
    }
    const { w, h } = scaled(picture);
    if (doc.y + h + CAPTION_HEIGHT > bottomOf()) doc.addPage();
    const x = doc.page.margins.left;
    const y = doc.y + 2;
    const alt = video
      ? `${MSG.conversations.videoStill}${attachment.title ? `: ${attachment.title}` : ''}`
      : attachmentFacts(attachment).label;
    section.add(
      doc.struct('Figure', { alt: printable(alt) }, () => {
        doc.image(picture.jpeg, x, y, { width: w, height: h });
      }),
    );
    if (video)
      // A still frame is marked as one: a play sign on it, so that it is not taken for a photo.
      artifact(() => {
        const r = Math.min(22, w / 5, h / 5);
        const cx = x + w / 2;
        const cy = y + h / 2;
        doc.circle(cx, cy, r).fillOpacity(0.6).fill('#000000').fillOpacity(1);
        doc.polygon([cx - r / 3, cy - r / 2], [cx - r / 3, cy + r / 2], [cx + r / 2, cy]).fill('#ffffff');
      });
    doc.x = x;
    doc.y = y + h + 4;
    caption(attachment);
  }

  // ─── Messages ───
  doc.addPage();
  const pageHeight = () => bottomOf() - doc.page.margins.top;
  let day = '';
  let any = false;
  for await (const message of messages) {
    any = true;
    const text = htmlToText(message.html);
    const attachments: Printed[] = [];
    for (const attachment of message.attachments) attachments.push(await prepare(attachment));
    const messageDay = formatDate(message.createdAt, UTC);
    const newDay = messageDay !== day;
    // The message's header and text, then its first attachment (or all of them, when they fit on one
    // page): kept together on a page, so a picture is never parted from the message it belongs to.
    doc.font('regular').fontSize(10);
    const textHeight = 16 + (text ? doc.heightOfString(printable(text), { width, paragraphGap: 2 }) : 0);
    const all = textHeight + attachments.reduce((sum, a) => sum + a.height, 0);
    const together = all <= pageHeight() ? all : textHeight + (attachments[0]?.height ?? 0);
    if (doc.y + (newDay ? 40 : 0) + together > bottomOf() && doc.y > doc.page.margins.top) doc.addPage();
    if (newDay) {
      day = messageDay;
      if (section !== structure) section.end();
      section = doc.struct('Sect');
      structure.add(section);
      doc.moveDown(0.4);
      doc.font('bold').fontSize(11).fillColor(COLOR.text).text(day, as('H2'));
      const y = doc.y + 2;
      artifact(() =>
        doc
          .moveTo(doc.page.margins.left, y)
          .lineTo(doc.page.margins.left + width, y)
          .lineWidth(0.5)
          .strokeColor(COLOR.rule)
          .stroke(),
      );
      doc.moveDown(0.5);
    }
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(COLOR.text)
      .text(printable(message.user.name || message.user.id), { continued: true, ...as('H3') })
      .font('regular')
      .fillColor(COLOR.muted)
      .text(`   ${formatMessageTime(message.createdAt, UTC)}`);
    if (text)
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(COLOR.text)
        .text(printable(text), { paragraphGap: 2, ...as('P') });
    for (const attachment of attachments) printAttachment(attachment);
    for (const flag of message.flags) {
      doc
        .font('bold')
        .fontSize(9)
        .fillColor(COLOR.flag)
        .text(
          printable(
            `${MSG.families.reportedBy(flag.name)} (${when(flag.createdAt)}${flag.reason ? `: ${flag.reason}` : ''})`,
          ),
          as('P'),
        );
    }
    doc.moveDown(0.6);
    await file.drained();
  }
  if (!any)
    doc.font('regular').fontSize(11).fillColor(COLOR.muted).text(MSG.conversations.noMessages, as('P'));

  footer.writeTotal();
  if (section !== structure) section.end();
  structure.end();
  return { ...(await file.end()), pages: footer.pages() };
}

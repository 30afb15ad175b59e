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
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  formatByteSize,
  formatDate,
  formatDateTime,
  formatMessageTime,
  MSG,
  memberRoleLabel,
} from '@bridge-talk/contract';
import PDFDocument from 'pdfkit';
import { htmlToText } from '../../lib/html-to-text.js';
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

/**
 * A Unicode font when the system has one (names, emoji-free scripts), embedded in the file: PDF/A needs
 * every font embedded. Without it the built-in Helvetica is used, which is not embedded, and the file
 * is tagged but does not claim PDF/A.
 */
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

/** The pieces of pdfkit's font object that the page footers write with (not in its typings). */
interface FooterFont {
  id: string;
  ref(): PDFKit.PDFKitReference;
  encode(text: string): [string[], unknown];
  widthOfString(text: string, size: number): number;
}

/** Writes the transcript into `output` (ended when the file is whole). */
export async function buildTranscriptPdf(
  cover: TranscriptCover,
  messages: AsyncIterable<ChatMessage>,
  output: Writable,
  readPicture: PictureReader = async () => null,
): Promise<TranscriptFile> {
  const unicode = fontsAvailable();
  // Helvetica encodes Windows-1252 only: anything else would print as garbage.
  const printable = unicode ? (s: string) => s : (s: string) => s.replace(/[^\n\t\x20-\x7e\xa0-\xff]/g, '?');
  const title = `${MSG.conversations.transcriptTitle} — ${cover.familyName}, ${cover.channelLabel}`;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    ...(unicode ? { subset: 'PDF/A-2b' as const } : {}),
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

/**
 * The document's bytes into `output`, with their SHA-256. pdfkit hands over a piece per object and
 * line, hundreds of thousands in a long transcript, and heeds no backpressure: the pieces are gathered
 * into blocks, and the messages wait (`drained`) while the file is behind, so what is not yet written
 * stays a few blocks whatever the transcript's length.
 */
function fileWriter(doc: PDFKit.PDFDocument, output: Writable) {
  const BLOCK = 64 * 1024;
  const hash = createHash('sha256');
  let byteSize = 0;
  let block: Buffer[] = [];
  let blockSize = 0;
  const flush = () => {
    if (blockSize === 0) return;
    output.write(Buffer.concat(block, blockSize));
    block = [];
    blockSize = 0;
  };
  doc.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    byteSize += chunk.length;
    block.push(chunk);
    blockSize += chunk.length;
    if (blockSize >= BLOCK) flush();
  });
  const ended = once(doc, 'end');
  // A file that cannot be written (a full disk) fails the transcript at the next message, never the
  // process: the error is kept from the moment writing begins.
  let failure: unknown = null;
  output.on('error', (error) => {
    failure ??= error;
  });
  return {
    drained: async () => {
      if (failure) throw failure;
      if (output.writableNeedDrain) await once(output, 'drain');
    },
    async end() {
      doc.end();
      await ended;
      if (failure) throw failure;
      flush();
      output.end();
      await finished(output);
      return { sha256: hash.digest('hex'), byteSize };
    },
  };
}

/**
 * pdfkit's fonts remember the layout of every word they have set, for as long as the document lives:
 * a conversation's names, numbers and typos make that grow with its length. Forgotten at each new
 * page, the words a page repeats are still set once.
 */
function forgetWordLayoutsEachPage(doc: PDFKit.PDFDocument) {
  const fonts = (doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
  doc.on('pageAdded', () => {
    for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null);
  });
}

/**
 * pdfkit keeps each page's list of the structure elements its marked pieces belong to (the structure
 * tree's parent tree) until the file ends, and with it every element. A page's list is written out as
 * an object of its own once each piece on it has its element (a paragraph running on to later pages
 * gets its element when it ends), so a long transcript's structure does not pile up in memory.
 */
function releaseFinishedPages(doc: PDFKit.PDFDocument) {
  const internals = doc as unknown as {
    getStructParentTree(): { _items: Record<number, unknown> };
    page: { structParentTreeKey: number };
  };
  const items = internals.getStructParentTree()._items;
  let pending: number[] = [];
  const release = () => {
    pending = pending.filter((key) => {
      const owners = items[key];
      if (!Array.isArray(owners) || owners.includes(null)) return true;
      const written = doc.ref(owners);
      written.finalize();
      // Written: the tree names it by its number alone, and the elements can go.
      written.data = {} as typeof written.data;
      items[key] = written;
      return false;
    });
    pending.push(internals.page.structParentTreeKey);
  };
  // The cover page's list, then each new page's: the pages before it are finished.
  pending.push(internals.page.structParentTreeKey);
  doc.on('pageAdded', release);
}

/**
 * 'Family · Channel · Page i of n' at the foot of every page, written as the page begins, so that no
 * page has to be kept until the end for its footer: the total, known only then, is one form drawn on
 * every page and written last. The footer is an artifact (a screen reader skips it), in its own
 * graphics state and in the page's upright coordinates, so it changes nothing of what the page draws
 * after it, even in the middle of a paragraph that runs on from the previous page.
 */
function pageFooters(
  doc: PDFKit.PDFDocument,
  unicode: boolean,
  label: string,
  printable: (s: string) => string,
) {
  const SIZE = 8;
  const BASELINE = 32;
  const [r, g, b] = [0x6b, 0x6f, 0x76].map((c) => (c / 255).toFixed(3));
  doc.font('regular');
  const font = (doc as unknown as { _font: FooterFont })._font;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const show = (text: string) => `<${font.encode(text)[0].join('')}> Tj`;
  const total = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, -SIZE, width, SIZE * 2],
    Resources: { Font: { [font.id]: font.ref() } },
  });
  const reserve = font.widthOfString(' 000000', SIZE);
  const ellipsis = unicode ? '…' : '...';
  let page = 0;
  const draw = () => {
    page += 1;
    const number = ` · Page ${page} of `;
    let name = printable(label);
    const room = width - reserve - font.widthOfString(number, SIZE);
    if (font.widthOfString(name, SIZE) > room) {
      while (name && font.widthOfString(name + ellipsis, SIZE) > room) name = name.slice(0, -1);
      name += ellipsis;
    }
    const text = name + number;
    const after = left + font.widthOfString(text, SIZE);
    doc.page.fonts[font.id] = font.ref();
    doc.page.xobjects.PageTotal = total;
    doc.addContent('/Artifact <</Type /Pagination>> BDC q');
    doc.addContent(`1 0 0 -1 0 ${doc.page.height} cm ${r} ${g} ${b} rg`);
    doc.addContent(`BT 1 0 0 1 ${left} ${BASELINE} Tm /${font.id} ${SIZE} Tf ${show(text)} ET`);
    doc.addContent(`1 0 0 1 ${after.toFixed(3)} ${BASELINE} cm /PageTotal Do Q EMC`);
  };
  draw();
  doc.on('pageAdded', draw);
  return {
    pages: () => page,
    /** The number of pages, into the form every footer shows. */
    writeTotal() {
      total.end(`${r} ${g} ${b} rg BT /${font.id} ${SIZE} Tf ${show(String(page))} ET`);
    },
  };
}

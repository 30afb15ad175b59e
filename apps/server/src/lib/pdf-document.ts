// The portal's PDF documents (conversation transcripts, agreement reports): a letter-size, tagged
// document in the portal's fonts, embedded when the system has them (PDF/A-2b), written out in blocks
// with its SHA-256 worked out on the way, with 'Label · Page i of n' at the foot of every page.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MSG } from '@bridge-talk/contract';
import PDFDocument from 'pdfkit';

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

export const COLOR = { text: '#1a1b1e', muted: '#6b6f76', rule: '#d9dce1', flag: '#c92a2a', link: '#1c5fb8' };

/** The pieces of pdfkit's font object that the page footers write with (not in its typings). */
interface FooterFont {
  id: string;
  ref(): PDFKit.PDFKitReference;
  encode(text: string): [string[], unknown];
  widthOfString(text: string, size: number): number;
}

/** A new document and how its text is made printable in the fonts it has. */
export function openPdf(options: { title: string; subject: string; date: Date }) {
  const unicode = fontsAvailable();
  // Helvetica encodes Windows-1252 only: anything else would print as garbage.
  const printable = unicode ? (s: string) => s : (s: string) => s.replace(/[^\n\t\x20-\x7e\xa0-\xff]/g, '?');
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    ...(unicode ? { subset: 'PDF/A-2b' as const } : {}),
    info: {
      Title: options.title,
      Author: MSG.frame.productName,
      Subject: options.subject,
      CreationDate: options.date,
      ModDate: options.date,
    },
  });
  if (unicode) {
    doc.registerFont('regular', UNICODE_FONTS.regular);
    doc.registerFont('bold', UNICODE_FONTS.bold);
  } else {
    doc.registerFont('regular', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  }
  return { doc, unicode, printable };
}

/**
 * The document's bytes into `output`, with their SHA-256. pdfkit hands over a piece per object and
 * line, hundreds of thousands in a long transcript, and heeds no backpressure: the pieces are gathered
 * into blocks, and the messages wait (`drained`) while the file is behind, so what is not yet written
 * stays a few blocks whatever the transcript's length.
 */
export function fileWriter(doc: PDFKit.PDFDocument, output: Writable) {
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
export function forgetWordLayoutsEachPage(doc: PDFKit.PDFDocument) {
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
export function releaseFinishedPages(doc: PDFKit.PDFDocument) {
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
export function pageFooters(
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

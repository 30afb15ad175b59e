// The PDF text reader the export tests rely on: it must read both kinds of font pdfkit writes.
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from './pdf-text.js';

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

async function pdfOf(draw: (doc: PDFKit.PDFDocument) => void, compress = true): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', compress });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

describe('extractPdfText', () => {
  it('reads a standard font (WinAnsi), line by line and page by page, compressed or not', async () => {
    for (const compress of [true, false]) {
      const pdf = await pdfOf((doc) => {
        doc.font('Helvetica').fontSize(10).text('Zoë — “quoted” €5', { continued: true });
        doc.font('Helvetica-Bold').text('   3:05:09 PM');
        doc.font('Helvetica').text('second line');
        doc.addPage().text('next page');
      }, compress);
      expect(extractPdfText(pdf)).toEqual(['Zoë — “quoted” €5   3:05:09 PM\nsecond line', 'next page']);
    }
  });

  it.runIf(existsSync(DEJAVU))(
    'reads an embedded font through its ToUnicode map, ligatures included',
    async () => {
      const pdf = await pdfOf((doc) => {
        doc.registerFont('dejavu', DEJAVU);
        doc.font('dejavu').fontSize(12).text('Łukasz Żółć — Ψ, a file', { continued: true });
        doc.font('Helvetica').text(' · mixed');
        doc.font('dejavu').text('https://cdn.example.org/a.jpg', { link: 'https://cdn.example.org/a.jpg' });
      });
      expect(extractPdfText(pdf)).toEqual(['Łukasz Żółć — Ψ, a file · mixed\nhttps://cdn.example.org/a.jpg']);
    },
  );
});

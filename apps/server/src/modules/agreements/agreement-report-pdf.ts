// The agreement report as PDF: a cover (family, agency, period, who issued it and when, the totals,
// and where the file is checked), then each version in force during the period, each of its items
// with what it promises and a table of its windows due in the period — from and to, due date, what
// it came to, the day it was given and the caseworker's mark. Never a message's text. The file is
// tagged (headings, paragraphs, a table per item) for screen readers and, with the system's fonts
// embedded, PDF/A-2b, like the transcripts; its SHA-256 is worked out as it is written.
import { Writable } from 'node:stream';
import {
  AGREEMENT_MSG,
  type AgreementItemKind,
  type AgreementSide,
  type AgreementTally,
  type AgreementWindowState,
  formatDate,
  formatDateTime,
} from '@bridge-talk/contract';
import {
  COLOR,
  fileWriter,
  forgetWordLayoutsEachPage,
  openPdf,
  pageFooters,
  releaseFinishedPages,
} from '../../lib/pdf-document.js';
import { count, emptyTally } from './agreement-tally.js';

const T = AGREEMENT_MSG;

interface ReportWindow {
  from: string;
  /** The window's last day: its due date, or the day before a newer version cut it short. */
  to: string;
  due: string;
  state: AgreementWindowState;
  givenOn: string | null;
  mark: { by: string | null; note: string } | null;
}

interface ReportItem {
  kind: AgreementItemKind;
  giver: AgreementSide;
  receiver: AgreementSide;
  title: string;
  schedule: string;
  how: string;
  note: string;
  windows: ReportWindow[];
}

export interface ReportVersion {
  version: number;
  effectiveFrom: string;
  /** The last day it was in force, or null for the current version. */
  until: string | null;
  timeZone: string;
  items: ReportItem[];
}

export interface AgreementReportCover {
  familyName: string;
  entityName: string;
  from: string;
  to: string;
  issuedAt: Date;
  issuedBy: { name: string; email: string };
  /** Where a fingerprint is checked: `${verifyUrl}/<sha256>`. */
  verifyUrl: string;
}

/** What the report's windows came to. */
function reportTotals(versions: ReportVersion[]): AgreementTally {
  const totals = emptyTally();
  for (const version of versions)
    for (const item of version.items) for (const { state } of item.windows) count(totals, state);
  return totals;
}

/** The columns of an item's table and their share of the text width. */
const COLUMNS = [
  { label: T.columnWindow, share: 0.25 },
  { label: T.columnDue, share: 0.13 },
  { label: T.columnState, share: 0.17 },
  { label: T.columnGiven, share: 0.13 },
  { label: T.columnMark, share: 0.32 },
];
const CELL_PAD = 4;

/** Writes the report and answers its bytes, SHA-256 and size. */
export async function buildAgreementReportPdf(
  cover: AgreementReportCover,
  versions: ReportVersion[],
): Promise<{ bytes: Buffer; sha256: string; byteSize: number }> {
  const title = `${T.reportPdfTitle} — ${cover.familyName}`;
  const { doc, unicode, printable } = openPdf({
    title,
    subject: T.reportPdfPeriod(cover.from, cover.to),
    date: cover.issuedAt,
  });
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const file = fileWriter(doc, output);
  const footer = pageFooters(doc, unicode, `${cover.familyName} · ${T.reportPdfTitle}`, printable);
  const structure = doc.struct('Document');
  doc.addStructure(structure);
  releaseFinishedPages(doc);
  forgetWordLayoutsEachPage(doc);
  let section: PDFKit.PDFStructureElement = structure;
  const as = (structType: 'H1' | 'H2' | 'H3' | 'P') => ({ structParent: section, structType });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const field = (label: string, value: string) => {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(COLOR.muted)
      .text(label.toUpperCase(), { characterSpacing: 0.5, ...as('H2') });
    doc.font('regular').fontSize(12).fillColor(COLOR.text).text(printable(value), as('P'));
    doc.moveDown(0.6);
  };

  // ─── Cover ───
  const totals = reportTotals(versions);
  doc.font('bold').fontSize(22).fillColor(COLOR.text).text(T.reportPdfTitle, as('H1'));
  doc.font('regular').fontSize(11).fillColor(COLOR.muted).text('Bridge Talk portal', as('P'));
  doc.moveDown(1.5);
  field('Family', cover.familyName);
  field('Agency', cover.entityName);
  field('Period', T.reportPdfPeriod(formatDate(cover.from), formatDate(cover.to)));
  field(
    'Issued by',
    `${cover.issuedBy.name} (${cover.issuedBy.email}) on ${formatDateTime(cover.issuedAt, 'UTC')} UTC`,
  );
  field('Windows', T.reportPdfTotals(totals));
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(COLOR.muted)
    .text(printable(T.reportPdfCheck(cover.verifyUrl)), as('P'));
  doc.moveDown(1);

  /** One row of an item's table: each cell wrapped in its column, the row kept on one page. */
  const row = (table: PDFKit.PDFStructureElement, cells: string[], header: boolean) => {
    doc.font(header ? 'bold' : 'regular').fontSize(9);
    const widths = COLUMNS.map((column) => column.share * width - CELL_PAD);
    const height =
      Math.max(...cells.map((cell, i) => doc.heightOfString(printable(cell) || ' ', { width: widths[i] }))) +
      CELL_PAD;
    if (doc.y + height > bottom()) doc.addPage();
    const y = doc.y;
    const tr = doc.struct('TR');
    table.add(tr);
    let x = left;
    cells.forEach((cell, i) => {
      const cellX = x;
      // An empty cell is an empty element: nothing is drawn for it, not even a space.
      tr.add(
        cell
          ? doc.struct(header ? 'TH' : 'TD', {}, () => {
              doc
                .fillColor(header ? COLOR.muted : COLOR.text)
                .text(printable(cell), cellX, y, { width: widths[i] });
            })
          : doc.struct('TD'),
      );
      x += COLUMNS[i]!.share * width;
    });
    tr.end();
    doc.markContent('Artifact', { type: 'Layout' });
    doc
      .moveTo(left, y + height - 1)
      .lineTo(left + width, y + height - 1)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.endMarkedContent();
    doc.x = left;
    doc.y = y + height + 2;
  };

  if (versions.length === 0)
    doc.font('regular').fontSize(11).fillColor(COLOR.text).text(T.reportPdfNoAgreement, as('P'));

  for (const version of versions) {
    section = doc.struct('Sect');
    structure.add(section);
    if (doc.y + 80 > bottom()) doc.addPage();
    doc.moveDown(0.5);
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(COLOR.text)
      .text(
        T.reportPdfVersion(
          version.version,
          formatDate(version.effectiveFrom),
          version.until ? formatDate(version.until) : null,
        ),
        as('H2'),
      );
    doc.font('regular').fontSize(9).fillColor(COLOR.muted).text(T.timeZoneNote(version.timeZone), as('P'));
    doc.moveDown(0.5);
    for (const item of version.items) {
      // An item's heading is never left alone at the foot of a page.
      if (doc.y + 90 > bottom()) doc.addPage();
      doc.font('bold').fontSize(11).fillColor(COLOR.text).text(printable(item.title), left, doc.y, as('H3'));
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(COLOR.muted)
        .text(printable(`${item.schedule} · ${item.how}`), as('P'));
      if (item.note) doc.text(printable(item.note), as('P'));
      doc.moveDown(0.4);
      if (item.windows.length === 0) {
        doc.font('regular').fontSize(9).fillColor(COLOR.text).text(T.reportPdfNoWindows, as('P'));
      } else {
        const table = doc.struct('Table');
        section.add(table);
        row(
          table,
          COLUMNS.map((column) => column.label),
          true,
        );
        for (const window of item.windows)
          row(
            table,
            [
              T.windowRange(formatDate(window.from), formatDate(window.to)),
              formatDate(window.due),
              T.stateLabel(window.state),
              window.givenOn ? formatDate(window.givenOn) : '',
              window.mark ? [window.mark.by, window.mark.note].filter(Boolean).join(': ') : '',
            ],
            false,
          );
        table.end();
      }
      doc.moveDown(0.8);
      await file.drained();
    }
    section.end();
  }

  footer.writeTotal();
  structure.end();
  const written = await file.end();
  return { bytes: Buffer.concat(chunks), ...written };
}

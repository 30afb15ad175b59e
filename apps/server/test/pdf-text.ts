// The text of a PDF as pdfkit writes it, for tests that assert what a generated file says. No PDF
// library is installed, and this reads only what pdfkit produces: a classic xref table, streams with a
// direct /Length, Flate-compressed or plain, and text shown as hex strings in TJ/Tj — 2-byte glyph
// codes mapped through the font's ToUnicode CMap (embedded TrueType fonts) or 1-byte WinAnsi codes
// (the standard fonts). A form XObject's text (the page footers' total) is read where the page draws
// it, as the end of the line drawn before it. Anything else makes it throw rather than return wrong
// text.
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

interface FontDecoder {
  bytesPerCode: 1 | 2;
  decode(code: number): string;
}

const ref = (text: string, key: string): number | null => {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(text);
  return match ? Number(match[1]) : null;
};

function parseObjects(pdf: Buffer): (n: number) => PdfObject {
  const text = pdf.toString('latin1');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!startxref) throw new Error('pdf-text: no startxref');
  const xref = /^xref\s+0\s+(\d+)\s+/.exec(text.slice(Number(startxref[1])));
  if (!xref) throw new Error('pdf-text: only a classic xref table starting at object 0 is read');
  const table = text.slice(Number(startxref[1]) + xref[0].length);
  const offsets = new Map<number, number>();
  for (let n = 0; n < Number(xref[1]); n++) {
    const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(table.slice(n * 20, n * 20 + 18));
    if (!entry) throw new Error(`pdf-text: bad xref entry ${n}`);
    if (entry[3] === 'n') offsets.set(n, Number(entry[1]));
  }
  const cache = new Map<number, PdfObject>();
  return (n) => {
    const cached = cache.get(n);
    if (cached) return cached;
    const offset = offsets.get(n);
    if (offset === undefined) throw new Error(`pdf-text: no object ${n}`);
    const head = new RegExp(`^${n} 0 obj\\s*`).exec(text.slice(offset, offset + 32));
    if (!head) throw new Error(`pdf-text: object ${n} not at its xref offset`);
    const body = offset + head[0].length;
    const end = text.indexOf('endobj', body);
    const streamAt = text.slice(body, end).search(/\bstream\r?\n/);
    let object: PdfObject;
    if (streamAt < 0) object = { dict: text.slice(body, end), stream: null };
    else {
      const dict = text.slice(body, body + streamAt);
      const length = /\/Length\s+(\d+)(?!\s+0\s+R)/.exec(dict);
      if (!length) throw new Error(`pdf-text: object ${n} has no direct /Length`);
      const dataStart =
        body + streamAt + (/\bstream\r?\n/.exec(text.slice(body + streamAt))?.[0].length ?? 0);
      const raw = pdf.subarray(dataStart, dataStart + Number(length[1]));
      if (/\/Filter\s*\[/.test(dict)) throw new Error(`pdf-text: object ${n} has a filter chain`);
      const filter = /\/Filter\s*\/(\w+)/.exec(dict)?.[1];
      // A JPEG picture's bytes are kept as they are: they hold no text.
      if (filter && filter !== 'FlateDecode' && filter !== 'DCTDecode')
        throw new Error(`pdf-text: filter ${filter} is not read`);
      object = { dict, stream: filter === 'FlateDecode' ? inflateSync(raw) : raw };
    }
    cache.set(n, object);
    return object;
  };
}

/** The page objects in reading order, through the page tree from the catalogue. */
function pageNumbers(pdf: Buffer, object: (n: number) => PdfObject): number[] {
  const text = pdf.toString('latin1');
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const root = ref(trailer, 'Root');
  if (root === null) throw new Error('pdf-text: no /Root');
  const pages = ref(object(root).dict, 'Pages');
  if (pages === null) throw new Error('pdf-text: no /Pages');
  const walk = (n: number): number[] => {
    const { dict } = object(n);
    if (/\/Type\s*\/Page\b/.test(dict)) return [n];
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(dict)?.[1] ?? '';
    return [...kids.matchAll(/(\d+)\s+0\s+R/g)].flatMap((m) => walk(Number(m[1])));
  };
  return walk(pages);
}

// Destinations may hold several UTF-16 units, written with spaces between them ('<0066 0069>' for 'fi').
const utf16be = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').swap16().toString('utf16le');

function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]*)>/gi))
      map.set(Number.parseInt(src!, 16), utf16be(dst!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const entry = /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(?:\[([^\]]*)\]|<([0-9a-f\s]+)>)/gi;
    for (const [, lo, hi, list, start] of block[1]!.matchAll(entry)) {
      const from = Number.parseInt(lo!, 16);
      const to = Number.parseInt(hi!, 16);
      if (list !== undefined) {
        const targets = [...list.matchAll(/<([0-9a-f\s]*)>/gi)].map((m) => utf16be(m[1]!));
        for (let code = from; code <= to; code++) map.set(code, targets[code - from] ?? '');
      } else {
        // One destination for the range: its last UTF-16 unit counts up with the code.
        const units = Buffer.from(start!.replace(/\s+/g, ''), 'hex').swap16();
        for (let code = from; code <= to; code++) {
          const copy = Buffer.from(units);
          copy.writeUInt16LE(units.readUInt16LE(units.length - 2) + (code - from), units.length - 2);
          map.set(code, copy.toString('utf16le'));
        }
      }
    }
  }
  return map;
}

// WinAnsiEncoding is Latin-1 but for 0x80–0x9f (Node's 'windows-1252' decoder leaves those as C1).
const WIN_ANSI_80 =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';
const winAnsi = (code: number) =>
  code >= 0x80 && code < 0xa0 ? WIN_ANSI_80[code - 0x80]! : String.fromCharCode(code);

function fontDecoder(object: (n: number) => PdfObject, n: number): FontDecoder {
  const { dict } = object(n);
  const toUnicode = ref(dict, 'ToUnicode');
  if (toUnicode !== null) {
    const cmap = object(toUnicode).stream!.toString('latin1');
    const space = /begincodespacerange\s*<([0-9a-f]+)>/i.exec(cmap)?.[1] ?? '';
    const map = toUnicodeMap(cmap);
    return {
      bytesPerCode: space.length === 2 ? 1 : 2,
      decode: (code) => {
        const text = map.get(code);
        if (text === undefined)
          throw new Error(`pdf-text: code ${code} not in the ToUnicode map of font ${n}`);
        return text;
      },
    };
  }
  const encoding = /\/Encoding\s*\/(\w+)/.exec(dict)?.[1];
  if (/\/Subtype\s*\/Type1\b/.test(dict) && encoding === 'WinAnsiEncoding')
    return { bytesPerCode: 1, decode: winAnsi };
  throw new Error(`pdf-text: font ${n} has neither a ToUnicode map nor WinAnsi encoding`);
}

function pageFonts(object: (n: number) => PdfObject, page: string): Map<string, FontDecoder> {
  const resourcesRef = ref(page, 'Resources');
  const resources = resourcesRef === null ? page : object(resourcesRef).dict;
  const fontRef = ref(resources, 'Font');
  const fontDict =
    fontRef === null ? (/\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '') : object(fontRef).dict;
  const fonts = new Map<string, FontDecoder>();
  for (const [, name, n] of fontDict.matchAll(/\/([\w.+-]+)\s+(\d+)\s+0\s+R/g))
    fonts.set(name!, fontDecoder(object, Number(n)));
  return fonts;
}

const TOKEN = /\/[^\s/<>[\]()]+|<[0-9a-fA-F\s]*>|\(|\[|\]|[+-]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+/g;

/**
 * One page's lines, top to bottom: text shown on the same baseline (within half the font size, as
 * fonts of one line sit their baselines slightly apart) is one line; a new line starts when the
 * baseline moves. Lines are ordered by where they stand, not by when they were drawn (a page's footer
 * is drawn first).
 */
function pageLines(
  content: string,
  fonts: Map<string, FontDecoder>,
  forms: Map<string, string> = new Map(),
): string[] {
  const lines: string[] = [];
  const baselines: number[] = [];
  let font: FontDecoder | null = null;
  let size = 0;
  let y: number | null = null;
  let lineY: number | null = null;
  let operands: string[] = [];
  const show = (hex: string) => {
    if (!font) throw new Error('pdf-text: text shown before a font is set');
    const digits = hex.replace(/[<>\s]/g, '');
    const step = font.bytesPerCode * 2;
    let text = '';
    for (let i = 0; i < digits.length; i += step)
      text += font.decode(Number.parseInt(digits.slice(i, i + step), 16));
    if (lineY !== null && y !== null && Math.abs(y - lineY) < size / 2) lines[lines.length - 1] += text;
    else {
      lines.push(text);
      baselines.push(y ?? 0);
      lineY = y;
    }
  };
  for (const [token] of content.matchAll(TOKEN)) {
    if (token === '(') throw new Error('pdf-text: literal strings in content are not read');
    if (/^[A-Za-z'"*]/.test(token)) {
      switch (token) {
        case 'Tf':
          font = fonts.get(operands[0]!.slice(1)) ?? null;
          size = Math.abs(Number(operands[1]));
          if (!font) throw new Error(`pdf-text: unknown font ${operands[0]}`);
          break;
        case 'Tm':
          y = Number(operands[5]);
          break;
        case 'Td':
        case 'TD':
          y = (y ?? 0) + Number(operands[1]);
          break;
        case 'Tj':
        case 'TJ':
          for (const operand of operands) if (operand.startsWith('<')) show(operand);
          break;
        case 'Do': {
          const text = forms.get(operands[0]!.slice(1));
          if (text !== undefined) {
            if (lines.length === 0) {
              lines.push('');
              baselines.push(y ?? 0);
            }
            lines[lines.length - 1] += text;
          }
          break;
        }
        case "'":
        case '"':
          throw new Error(`pdf-text: the ${token} operator is not read`);
      }
      operands = [];
    } else if (token !== '[' && token !== ']') operands.push(token);
  }
  // Baselines count up from the page's foot; a sort that keeps the order of lines on one baseline.
  return lines
    .map((text, i) => ({ text, y: baselines[i]! }))
    .sort((a, b) => b.y - a.y)
    .map((l) => l.text);
}

/** The text of each form XObject a page or form names, by its name there (images are left out). */
function pageForms(object: (n: number) => PdfObject, owner: string): Map<string, string> {
  const resourcesRef = ref(owner, 'Resources');
  const resources = resourcesRef === null ? owner : object(resourcesRef).dict;
  const xobjects = /\/XObject\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
  const forms = new Map<string, string>();
  for (const [, name, n] of xobjects.matchAll(/\/([\w.+-]+)\s+(\d+)\s+0\s+R/g)) {
    const form = object(Number(n));
    if (!/\/Subtype\s*\/Form\b/.test(form.dict)) continue;
    const content = form.stream?.toString('latin1') ?? '';
    forms.set(name!, pageLines(content, pageFonts(object, form.dict)).join(''));
  }
  return forms;
}

/** Each page's text, its lines joined with '\n'. */
export function extractPdfText(pdf: Buffer): string[] {
  const object = parseObjects(pdf);
  return pageNumbers(pdf, object).map((n) => {
    const page = object(n).dict;
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+\s+0\s+R)/.exec(page)?.[1] ?? '';
    const content = [...contents.matchAll(/(\d+)\s+0\s+R/g)]
      .map((m) => object(Number(m[1])).stream?.toString('latin1') ?? '')
      .join('\n');
    return pageLines(content, pageFonts(object, page), pageForms(object, page)).join('\n');
  });
}

// CSV as spreadsheets read it (RFC 4180, CRLF, UTF-8 with its byte-order mark so that Excel takes
// the accents), with no cell a spreadsheet would run: a value that starts like a formula (=, +, -, @,
// a tab or a carriage return) is written with a leading apostrophe.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

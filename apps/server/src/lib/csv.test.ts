import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes what needs it, and runs no formula in a spreadsheet', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines', null, 3]])).toBe(
      '\uFEFFa,"b,c","say ""hi""","two\nlines",,3\r\n',
    );
    expect(toCsv([['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'plain']])).toBe(
      `\uFEFF"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),plain\r\n`,
    );
  });
});

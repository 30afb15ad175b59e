import { describe, expect, it } from 'vitest';
import { isEmptyTermsHtml } from './terms.js';

describe('isEmptyTermsHtml', () => {
  it('calls html without text empty: nothing, white space, empty paragraphs, spacing entities', () => {
    for (const html of [
      '',
      ' \n\t',
      '<p></p>',
      '<p><br></p><p><br data-mce-bogus="1"></p>',
      '<p>&nbsp;</p><p>&#160;&#xA0;&ensp;&emsp;&thinsp;&#8203;&zwsp;</p>',
      '<p>\u00a0\u200b\ufeff</p>',
      '<!-- a comment --><h2> </h2><ul><li></li></ul><hr><table><tr><td></td></tr></table>',
    ]) {
      expect(isEmptyTermsHtml(html), JSON.stringify(html)).toBe(true);
    }
  });

  it('calls html with any text not empty', () => {
    for (const html of ['x', '<p>Be kind.</p>', '<p>&nbsp;.</p>', '<p>&amp;</p>', '<td>1</td>']) {
      expect(isEmptyTermsHtml(html), html).toBe(false);
    }
  });
});

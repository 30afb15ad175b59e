import { describe, expect, it } from 'vitest';
import { termsHtmlForEditor, wordListsToLists } from './editor-html.js';

// What Chromium puts on the clipboard when a bulleted and a numbered list are copied from Word.
const WORD_BULLETS =
  '<p class=MsoNormal>Before</p>' +
  '<p class=MsoListParagraphCxSpFirst style="text-indent:-.25in;mso-list:l0 level1 lfo1"><!--[if !supportLists]-->' +
  '<span style="font-family:Symbol;mso-fareast-font-family:Symbol"><span style="mso-list:Ignore">·' +
  '<span style="font:7.0pt \'Times New Roman\'">&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span>' +
  '<!--[endif]-->First<o:p></o:p></p>' +
  '<p class=MsoListParagraphCxSpMiddle style="margin-left:1.0in;mso-list:l0 level2 lfo1">' +
  '<span style="font-family:\'Courier New\'"><span style="mso-list:Ignore">o<span>&nbsp;&nbsp; </span></span></span>' +
  'Nested<o:p></o:p></p>' +
  '<p class=MsoListParagraphCxSpLast style="text-indent:-.25in;mso-list:l0 level1 lfo1">' +
  '<span style="font-family:Symbol"><span style="mso-list:Ignore">·<span>&nbsp; </span></span></span>Second<o:p></o:p></p>' +
  '<p class=MsoNormal>Between</p>' +
  '<p class=MsoListParagraphCxSpFirst style="mso-list:l1 level1 lfo2"><span style="mso-list:Ignore">1.<span>&nbsp; </span></span>One</p>' +
  '<p class=MsoListParagraphCxSpLast style="mso-list:l1 level1 lfo2"><span style="mso-list:Ignore">2.<span>&nbsp; </span></span>Two</p>';

/** The html without Word's comments and empty namespaced elements, which the sanitiser drops anyway. */
const tidy = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/<o:p><\/o:p>/g, '');

describe('wordListsToLists', () => {
  it('turns Word’s list paragraphs into lists — bullets into ul, numbers into ol, levels nested — without the typed markers', () => {
    const lists = tidy(wordListsToLists(WORD_BULLETS));
    expect(lists.replace(/<span[^>]*>|<\/span>/g, '')).toBe(
      '<p class="MsoNormal">Before</p>' +
        '<ul><li>First<ul><li>Nested</li></ul></li><li>Second</li></ul>' +
        '<p class="MsoNormal">Between</p>' +
        '<ol><li>One</li><li>Two</li></ol>',
    );
  });

  it('leaves html without Word lists as it was', () => {
    const html = '<p style="text-align: center;">Hello</p><ul><li>a</li></ul>';
    expect(wordListsToLists(html)).toBe(html);
  });
});

describe('termsHtmlForEditor', () => {
  it('turns the terms’ classes into the inline styles the editor reads, and keeps unknown classes apart', () => {
    expect(
      termsHtmlForEditor(
        '<p class="tx-align-right tx-indent-1">a <span class="tx-fg-navy tx-underline tx-line-through">b</span></p><p>c</p>',
      ),
    ).toBe(
      '<p style="text-align: right; padding-left: 40px;">a <span style="color: rgb(52, 73, 94); text-decoration: underline line-through;">b</span></p><p>c</p>',
    );
  });
});

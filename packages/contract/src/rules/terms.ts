// Whether terms html holds any text. An editor emptied by hand keeps empty paragraphs, line breaks
// and non-breaking spaces: such a version would publish blank terms, so the browser and the server
// refuse it alike. No zod here: the terms editor checks it before saving.

const COMMENTS = /<!--[\s\S]*?-->/g;
const TAGS = /<[^>]*>/g;
/** Entities that only make space: non-breaking, en, em, thin and zero-width spaces. */
const SPACE_ENTITIES = /&(nbsp|ensp|emsp|thinsp|zwsp|#0*160|#x0*a0|#0*8203|#x0*200b);/gi;
/** White space, with the invisible characters \s does not count (zero-width spaces and joiners). */
const BLANKS = /[\s\u200b-\u200d\u2060\ufeff]/g;

export function isEmptyTermsHtml(html: string): boolean {
  return html.replace(COMMENTS, '').replace(TAGS, '').replace(SPACE_ENTITIES, '').replace(BLANKS, '') === '';
}

// The allow-list that terms html passes through when it is saved: what the terms editor produces
// (headings, paragraphs, emphasis, background colour, alignment, lists, indentation, links, tables) and
// nothing else — no scripts, no event handlers, no javascript: links, no embedded content.
import sanitizeHtml from 'sanitize-html';

const COLOUR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)|[a-z]{3,20})$/i;
const LENGTH = /^\d{1,4}(\.\d{1,3})?(px|em|rem|%)$/;

const BLOCK_STYLES = {
  'text-align': [/^(left|right|center|justify)$/],
  'padding-left': [LENGTH],
  'margin-left': [LENGTH],
};
const INLINE_STYLES = {
  'background-color': [COLOUR],
  color: [COLOUR],
  'text-decoration': [/^(underline|line-through|none)$/],
};

const STYLED = [
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'td',
  'th',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...STYLED,
    'br',
    'hr',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'a',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    span: ['style'],
    ol: ['start', 'style'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style', 'scope'],
    ...Object.fromEntries(
      STYLED.filter((tag) => !['ol', 'td', 'th'].includes(tag)).map((tag) => [tag, ['style']]),
    ),
  },
  allowedStyles: {
    '*': { ...BLOCK_STYLES, ...INLINE_STYLES },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab must not hand the terms page to the page it opens.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeTermsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

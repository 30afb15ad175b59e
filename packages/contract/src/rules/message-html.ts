// What a chat message's html may contain, for the server (sanitize-html) and the browser (DOMPurify)
// alike. Text formatting and links only: no `style` or `class`, so nothing a member writes can place,
// size or cover anything outside its own message; no media (attachments are shown apart), no forms.

/** The only elements a message keeps; any other is dropped, its text kept (script and style wholly). */
export const MESSAGE_HTML_TAGS = [
  'p',
  'div',
  'br',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'a',
] as const;

/**
 * The only attributes, by element. A link's `target` and `rel` are always set by the sanitiser
 * (a new tab that cannot reach back into the portal), whatever the message said.
 */
export const MESSAGE_HTML_ATTRIBUTES = { a: ['href', 'target', 'rel'] } as const;

/** The addresses a link may have; any other (javascript:, data:, relative) loses its `href`. */
export const MESSAGE_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

export const MESSAGE_LINK_TARGET = '_blank';
export const MESSAGE_LINK_REL = 'noopener noreferrer';

/** A link's address that may stay: one of the schemes above, nothing relative. */
export const MESSAGE_LINK_ADDRESS = new RegExp(`^(?:${MESSAGE_LINK_SCHEMES.join('|')}):`, 'i');

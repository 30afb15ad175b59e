// A chat message's html reduced to the contract's allow-list (sanitize-html): applied when a member
// posts through our own API and again to every message the portal reads, whichever provider stored
// it, so a row written before the rule, or a message at Stream, is answered as safely as a new one.
// Each piece of text loses its bidirectional overrides and has the embeddings and isolates it opens
// closed at its end: a member's text cannot reorder a link's words or the text after it.
import {
  isolateBidiControls,
  MESSAGE_HTML_ATTRIBUTES,
  MESSAGE_HTML_TAGS,
  MESSAGE_LINK_ADDRESS,
  MESSAGE_LINK_REL,
  MESSAGE_LINK_SCHEMES,
  MESSAGE_LINK_TARGET,
} from '@bridge-talk/contract';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...MESSAGE_HTML_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(MESSAGE_HTML_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: [...MESSAGE_LINK_SCHEMES],
  allowProtocolRelative: false,
  textFilter: (text) => isolateBidiControls(text),
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const kept: sanitizeHtml.Attributes = href && MESSAGE_LINK_ADDRESS.test(href) ? { href } : {};
      return { tagName, attribs: { ...kept, target: MESSAGE_LINK_TARGET, rel: MESSAGE_LINK_REL } };
    },
  },
};

/**
 * Sanitised texts by their source, oldest dropped first: a conversation's page is read again and again
 * (every refresh), sanitising is the costliest part of answering it, and the result depends on the text
 * alone. Bounded by the characters held, not the number of texts.
 */
const SANITIZED_MAX_CHARS = 8 * 1024 * 1024;
const sanitized = new Map<string, string>();
let sanitizedChars = 0;

export function sanitizeMessageHtml(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, OPTIONS);
  const size = html.length + clean.length;
  if (size > SANITIZED_MAX_CHARS / 64) return clean;
  while (sanitizedChars + size > SANITIZED_MAX_CHARS) {
    const [oldest, value] = sanitized.entries().next().value as [string, string];
    sanitized.delete(oldest);
    sanitizedChars -= oldest.length + value.length;
  }
  sanitized.set(html, clean);
  sanitizedChars += size;
  return clean;
}

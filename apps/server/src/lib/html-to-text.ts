// A message's html as the plain text of the PDF transcript: paragraphs and line breaks kept, links
// written out with their address, every tag dropped (nothing of the html is interpreted).
import { MESSAGE_LINK_SCHEMES } from '@bridge-talk/contract';
import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function htmlToText(html: string): string {
  const marked = sanitizeHtml(html, {
    allowedTags: ['a', 'br', 'p', 'div', 'li', 'ul', 'ol', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: [...MESSAGE_LINK_SCHEMES],
  });
  const withBreaks = marked
    .replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/gi, (_whole, href: string, text: string) =>
      text.replace(/<[^>]*>/g, '').trim() === href ? href : `${text} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li>/gi, '• ')
    .replace(/<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n');
  const text = decodeEntities(withBreaks.replace(/<[^>]*>/g, ''));
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

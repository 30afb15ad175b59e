// A message's html: what the member types becomes paragraphs (escaped), and what is shown is
// sanitised again here, whoever wrote it (the server sanitised it when it was posted).
import DOMPurify from 'dompurify';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function textToHtml(text: string): string {
  const escaped = text.trim().replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  return escaped
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export function safeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a'],
    ALLOWED_ATTR: ['href'],
  });
}

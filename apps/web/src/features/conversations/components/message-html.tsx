// A message body as the server answered it, sanitised here again (DOMPurify) with the contract's
// allow-list, the one the server applies: no scripts, handlers, media, `style` or `class`, so nothing
// in it can run or be laid out outside its message; links open in a new tab that cannot reach back.
// Its text follows the server's bidirectional rule too (no override, every embedding or isolate closed
// where its text ends), and the message is an isolate of its own direction (`dir="auto"`): nothing
// in it reorders the sender's name, the time or the next message.
import {
  isolateBidiControls,
  MESSAGE_HTML_ATTRIBUTES,
  MESSAGE_HTML_TAGS,
  MESSAGE_LINK_ADDRESS,
  MESSAGE_LINK_REL,
  MESSAGE_LINK_TARGET,
} from '@bridge-talk/contract';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// An instance of its own: the link hook below must not touch other html the app sanitises.
const purifier = DOMPurify();
purifier.addHook('beforeSanitizeElements', (node) => {
  if (node.nodeType === Node.TEXT_NODE && node.textContent)
    node.textContent = isolateBidiControls(node.textContent);
});
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  node.setAttribute('target', MESSAGE_LINK_TARGET);
  node.setAttribute('rel', MESSAGE_LINK_REL);
});

const CONFIG = {
  ALLOWED_TAGS: [...MESSAGE_HTML_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(MESSAGE_HTML_ATTRIBUTES).flat())],
  ALLOWED_URI_REGEXP: MESSAGE_LINK_ADDRESS,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

function sanitizeMessageHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}

export function MessageHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeMessageHtml(html), [html]);
  if (!clean.trim()) return null;
  return (
    <Typography className="message-html">
      <div
        data-testid="message-html"
        dir="auto"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </Typography>
  );
}

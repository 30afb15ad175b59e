// A message body as a member wrote it, sanitised here (DOMPurify) before it is shown: scripts, event
// handlers and javascript: addresses never reach the page.
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export function sanitizeMessageHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}

export function MessageHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeMessageHtml(html), [html]);
  if (!clean.trim()) return null;
  return (
    <Typography className="message-html">
      <div
        data-testid="message-html"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </Typography>
  );
}

// Terms html as a page shows it: sanitised again here (DOMPurify) with the contract's allow-list, the
// one the server applies — no `style` (the pages' policy refuses it), only the formatting classes that
// terms-format.css styles.
import {
  isTermsClass,
  TERMS_HTML_ATTRIBUTES,
  TERMS_HTML_TAGS,
  TERMS_LINK_ADDRESS,
} from '@bridge-talk/contract';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './terms-format.css';

// An instance of its own: the class hook below must not touch other html the app sanitises.
const purifier = DOMPurify();
purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName !== 'class') return;
  data.attrValue = data.attrValue.split(/\s+/).filter(isTermsClass).join(' ');
  if (!data.attrValue) data.keepAttr = false;
});

const CONFIG = {
  ALLOWED_TAGS: [...TERMS_HTML_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(TERMS_HTML_ATTRIBUTES).flat())],
  ALLOWED_URI_REGEXP: TERMS_LINK_ADDRESS,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

function sanitizeTermsHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}

export function TermsContent({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeTermsHtml(html), [html]);
  return (
    <Typography>
      <div
        className="terms-html"
        data-testid="terms-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </Typography>
  );
}

// Terms html as a page shows it: sanitised again here (DOMPurify), whatever the server stored.
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export function TermsContent({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <Typography>
      <div
        data-testid="terms-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </Typography>
  );
}

// 'Terms of use' / 'Privacy policy': the latest published terms in a modal, sanitised before shown.
import { MSG } from '@bridge-talk/contract';
import { Alert, Anchor, Center, Group, Loader, Modal, Text, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useLatestTerms } from '../api/get-latest-terms.js';

export function TermsLinks() {
  const [open, setOpen] = useState<string | null>(null);
  const terms = useLatestTerms(open !== null);
  return (
    <>
      <Group justify="center" gap="lg">
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen(MSG.auth.termsOfUse)}>
          {MSG.auth.termsOfUse}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen(MSG.auth.privacyPolicy)}>
          {MSG.auth.privacyPolicy}
        </Anchor>
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open} size="lg" centered>
        {terms.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : terms.isError ? (
          <Alert color="red">{MSG.common.somethingWrong}</Alert>
        ) : terms.data ? (
          <Typography>
            <div
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify right here.
              dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(terms.data.content) }}
            />
          </Typography>
        ) : (
          <Text c="dimmed">{MSG.extra.termsNotPublished}</Text>
        )}
      </Modal>
    </>
  );
}

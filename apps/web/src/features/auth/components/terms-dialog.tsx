// The public modal of a document — the terms of use or the privacy policy — in force: its version and
// date under the title, then its text, sanitised by the terms page's own component.
import { formatFullDate, MSG, type TermsDocument } from '@bridge-talk/contract';
import { Alert, Center, Loader, Text } from '@mantine/core';
import { Dialog } from '../../../shared/ui/dialog.js';
import { TermsContent, useLatestTerms } from '../../terms/index.js';

const TITLES: Record<TermsDocument, string> = {
  terms: MSG.auth.termsOfUse,
  privacy: MSG.auth.privacyPolicy,
};

const NOT_PUBLISHED: Record<TermsDocument, string> = {
  terms: MSG.extra.termsNotPublished,
  privacy: MSG.terms.privacyNotPublished,
};

export function TermsDialog({
  document,
  opened,
  onClose,
}: {
  /** The document shown; kept while the modal closes, so its text does not change as it fades. */
  document: TermsDocument;
  opened: boolean;
  onClose: () => void;
}) {
  const terms = useLatestTerms(document, { enabled: opened });
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={TITLES[document]}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {terms.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : terms.isError ? (
        <Alert color="red">{MSG.common.somethingWrong}</Alert>
      ) : terms.data ? (
        <>
          <Text size="sm" c="dimmed" mb="md" data-testid="terms-version">
            {MSG.terms.versionAndDate(terms.data.version, formatFullDate(terms.data.updatedAt))}
          </Text>
          <TermsContent html={terms.data.content} />
        </>
      ) : (
        <Text c="dimmed">{NOT_PUBLISHED[document]}</Text>
      )}
    </Dialog>
  );
}

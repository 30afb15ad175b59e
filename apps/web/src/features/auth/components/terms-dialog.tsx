// The terms modal's body: the latest published terms, sanitised by the terms page's own component.
import { MSG } from '@bridge-talk/contract';
import { Alert, Center, Loader, Text } from '@mantine/core';
import { Dialog } from '../../../shared/ui/dialog.js';
import { TermsContent, useLatestTerms } from '../../terms/index.js';

export function TermsDialog({ title, onClose }: { title: string | null; onClose: () => void }) {
  const terms = useLatestTerms({ enabled: title !== null });
  return (
    <Dialog
      opened={title !== null}
      onClose={onClose}
      title={title}
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
        <TermsContent html={terms.data.content} />
      ) : (
        <Text c="dimmed">{MSG.extra.termsNotPublished}</Text>
      )}
    </Dialog>
  );
}

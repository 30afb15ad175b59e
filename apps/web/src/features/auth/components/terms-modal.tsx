// 'Terms of use' / 'Privacy policy': each opens its own document's version in force in a modal,
// sanitised before shown.
// The modal and the sanitiser load with the first opening, not with the login page.
import { MSG, type TermsDocument } from '@bridge-talk/contract';
import { Anchor, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

const TermsDialog = lazy(() => import('./terms-dialog.js').then((m) => ({ default: m.TermsDialog })));

export function TermsLinks() {
  const [document, setDocument] = useState<TermsDocument>('terms');
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const show = (chosen: TermsDocument) => {
    setWanted(true);
    setDocument(chosen);
    setOpened(true);
  };
  return (
    <>
      <Group justify="center" gap="lg">
        <Anchor component="button" type="button" size="sm" onClick={() => show('terms')}>
          {MSG.auth.termsOfUse}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => show('privacy')}>
          {MSG.auth.privacyPolicy}
        </Anchor>
      </Group>
      {wanted && (
        <Suspense fallback={null}>
          <TermsDialog document={document} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

// 'Terms of use' / 'Privacy policy': the latest published terms in a modal, sanitised before shown.
// The modal and the sanitiser load with the first opening, not with the login page.
import { MSG } from '@bridge-talk/contract';
import { Anchor, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

const TermsDialog = lazy(() => import('./terms-dialog.js').then((m) => ({ default: m.TermsDialog })));

export function TermsLinks() {
  const [open, setOpen] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const show = (title: string) => {
    setWanted(true);
    setOpen(title);
  };
  return (
    <>
      <Group justify="center" gap="lg">
        <Anchor component="button" type="button" size="sm" onClick={() => show(MSG.auth.termsOfUse)}>
          {MSG.auth.termsOfUse}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => show(MSG.auth.privacyPolicy)}>
          {MSG.auth.privacyPolicy}
        </Anchor>
      </Group>
      {wanted && (
        <Suspense fallback={null}>
          <TermsDialog title={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

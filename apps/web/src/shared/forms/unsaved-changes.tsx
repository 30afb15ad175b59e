// Typed work is not lost without a word. A form with unsaved changes (useUnsavedChanges) makes:
// - a link that leaves the page (the menu, a breadcrumb, the back arrow) ask first — a link inside the
//   form itself, its Cancel (or a link marked data-discards-changes), is its own way out and does not;
// - a reload or closing the tab ask through the browser's own prompt;
// - a session that ends meanwhile (signed out in another tab, expired) keep the page and say so:
//   signing in again in another tab lets the changes be saved here, since every tab shares the
//   session's cookie.
// One UnsavedChangesGuard, in the signed-in frame, listens and shows the questions.
import { MSG } from '@bridge-talk/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { sessionEndMessage } from '../session/session-end.js';
import { ConfirmDialog } from '../ui/confirm-dialog.js';
import { Dialog } from '../ui/dialog.js';
import {
  dropUnsavedChanges,
  hasUnsavedChanges,
  releaseSessionEnd,
  useHeldSessionEnd,
} from './unsaved-changes-store.js';

/** The link a click lands on, when it would take this tab to another page of the portal. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if (link.target && link.target !== '_self') return null;
  if (link.hasAttribute('download') || link.origin !== window.location.origin) return null;
  const here = window.location.pathname + window.location.search;
  if (link.pathname + link.search === here) return null;
  return link;
}

/** A form's own links (Cancel) are its way out; a Cancel beside an editor that is no <form> says so itself. */
const discardsChanges = (link: HTMLAnchorElement) => link.closest('form, [data-discards-changes]') !== null;

export function UnsavedChangesGuard() {
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const held = useHeldSessionEnd();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!hasUnsavedChanges()) return;
      const link = leavingLink(event);
      if (!link) return;
      // Leaving by the form's own way out discards its changes at once: the page may still show while
      // the next one loads, and a menu link clicked meanwhile must not ask about them.
      if (discardsChanges(link)) return dropUnsavedChanges();
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(link.pathname + link.search + link.hash);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers show their prompt only when a value is returned.
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  const login = held ? `/login/${held.role}?${new URLSearchParams({ ended: held.end })}` : '';
  return (
    <>
      <ConfirmDialog
        opened={leavingTo !== null}
        title={MSG.extra.unsavedChangesTitle}
        message={MSG.extra.unsavedChangesText}
        cancelLabel={MSG.extra.unsavedChangesStay}
        confirmLabel={MSG.extra.unsavedChangesLeave}
        destructive
        onCancel={() => setLeavingTo(null)}
        onConfirm={() => {
          const to = leavingTo;
          dropUnsavedChanges();
          setLeavingTo(null);
          if (to) void navigate(to);
        }}
      />
      <Dialog
        opened={held !== null}
        onClose={releaseSessionEnd}
        title={MSG.extra.sessionEndedTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>{held ? sessionEndMessage(held.end) : null}</Text>
          <Text>{MSG.extra.sessionEndedKeepChanges}</Text>
          <Anchor href={login} target="_blank" rel="noopener">
            {MSG.extra.signInInNewTab}
          </Anchor>
          <Group justify="flex-end">
            <Button
              variant="default"
              color="red"
              onClick={() => {
                dropUnsavedChanges();
                window.location.assign(login);
              }}
            >
              {MSG.extra.unsavedChangesLeave}
            </Button>
            <Button data-autofocus onClick={releaseSessionEnd}>
              {MSG.extra.backToMyChanges}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

// Every modal of the app: Mantine's Modal, whose focus goes back, when it closes, to the control that
// opened it — also when that control was a menu's item (gone with its menu: its menu's button then),
// when one dialog gives way to another (the first one's opener), or when the dialog is removed while
// open. A keyboard user goes on from where they were instead of from the top of the page.
import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';

interface ReturnTarget {
  opener: HTMLElement | null;
  /** The button of the menu the opener was an item of. */
  menuButton: HTMLElement | null;
}

function targetOf(element: HTMLElement): ReturnTarget {
  // Read while the menu is open: its button names it (aria-controls) only then.
  const menu = element.closest('[role="menu"]');
  const menuButton = menu?.id
    ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`)
    : null;
  return { opener: element, menuButton };
}

/** The last element focused outside any dialog: the opener when focus has already left it. */
let lastOutside: ReturnTarget = { opener: null, menuButton: null };

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && !event.target.closest('[role="dialog"]'))
      lastOutside = targetOf(event.target);
  });
}

function currentOpener(): ReturnTarget {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body && !active.closest('[role="dialog"]')
    ? targetOf(active)
    : lastOutside;
}

export function Dialog({ opened, id, ...props }: ModalProps) {
  const ownId = useId();
  const modalId = id ?? ownId;
  const target = useRef<ReturnTarget | null>(null);

  const giveFocusBack = useRef(() => {
    const taken = target.current;
    target.current = null;
    if (!taken) return;
    const to = [taken.opener, taken.menuButton].find((element) => element?.isConnected);
    if (!to) return;
    const active = document.activeElement;
    const dialog = document.getElementById(`${modalId}-body`)?.closest('[role="dialog"]');
    // Only focus that this dialog had, or that was lost with it: never take it from another dialog.
    const lost =
      !active || active === document.body || !active.isConnected || Boolean(dialog?.contains(active));
    if (lost) to.focus();
  });

  // Before the dialog's focus trap moves focus into it.
  useLayoutEffect(() => {
    if (opened) target.current = currentOpener();
  }, [opened]);

  useEffect(() => {
    if (!opened) giveFocusBack.current();
  }, [opened]);

  useEffect(() => () => giveFocusBack.current(), []);

  return <Modal opened={opened} id={modalId} returnFocus={false} {...props} />;
}

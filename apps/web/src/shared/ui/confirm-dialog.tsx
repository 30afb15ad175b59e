// A confirmation before anything destructive or paid: the question, 'Back' and 'Confirm'. A destructive
// one opens with focus on 'Back', so a reflexive Enter changes nothing. While the confirmed work runs
// (the promise onConfirm returns), 'Confirm' is busy and a second click or Enter does nothing: a double
// click toggles, charges or removes once.
import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { Dialog } from './dialog.js';

export interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  loading?: boolean;
  /** Disabling, removing or charging: focus starts on 'Back' and 'Confirm' is red. */
  destructive?: boolean;
  /** The work confirmed; the dialog stays busy until the promise it returns settles. */
  onConfirm: () => unknown;
  onCancel: () => void;
  /** A choice that goes with the confirmation (a checkbox), under the question. */
  children?: ReactNode;
}

export function ConfirmDialog({
  opened,
  message,
  title = 'Please confirm',
  confirmLabel = 'Confirm',
  cancelLabel = 'Back',
  loading,
  destructive = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  const waiting = Boolean(loading) || busy;
  return (
    <Dialog
      opened={opened}
      onClose={() => {
        if (!waiting) onCancel();
      }}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">{message}</Text>
      {children}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={onCancel}
          disabled={waiting}
          data-autofocus={destructive || undefined}
        >
          {cancelLabel}
        </Button>
        <Button
          onClick={() => void confirm()}
          loading={waiting}
          color={destructive ? 'red' : undefined}
          data-autofocus={destructive ? undefined : true}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Dialog>
  );
}

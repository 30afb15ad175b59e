// A confirmation before anything destructive or paid: the question, 'Back' and 'Confirm'. A destructive
// one opens with focus on 'Back', so a reflexive Enter changes nothing.
import { Button, Group, Text } from '@mantine/core';
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
  onConfirm: () => void;
  onCancel: () => void;
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
}: ConfirmDialogProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={onCancel}
          disabled={loading}
          data-autofocus={destructive || undefined}
        >
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          loading={loading}
          color={destructive ? 'red' : undefined}
          data-autofocus={destructive ? undefined : true}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Dialog>
  );
}

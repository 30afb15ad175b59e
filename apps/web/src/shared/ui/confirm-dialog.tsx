// A confirmation before anything destructive: the question, 'Back' and 'Confirm'.
import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  loading?: boolean;
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
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

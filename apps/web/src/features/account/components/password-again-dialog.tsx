// The account's password typed again before a change of its second factors (removing one, new
// recovery codes). A wrong password is said under the field; any other refusal in a toast.
import { MSG, ZPasswordAgainRequest } from '@bridge-talk/contract';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { refusalMessage } from '../../../shared/api/refusal-message.js';
import { Dialog } from '../../../shared/ui/dialog.js';
import { notify } from '../../../shared/ui/notify.js';

export interface PasswordAgainDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  destructive?: boolean;
  /** The change, given the password; the dialog stays busy until it settles. */
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}

export function PasswordAgainDialog({ opened, onCancel, ...props }: PasswordAgainDialogProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onCancel}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted while open only: a password typed once is gone when the dialog closes. */}
      {opened && <PasswordAgainForm onCancel={onCancel} {...props} />}
    </Dialog>
  );
}

function PasswordAgainForm({
  text,
  confirmLabel,
  destructive,
  onConfirm,
  onCancel,
}: Omit<PasswordAgainDialogProps, 'opened' | 'title'>) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = ZPasswordAgainRequest.safeParse({ password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.secondFactor.passwordWrong);
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.password) setError(failure.fields.password);
      else notify.error(refusalMessage(failure, MSG.common.somethingWrong));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Text>{text}</Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          error={error}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {MSG.common.back}
          </Button>
          <Button type="submit" loading={busy} color={destructive ? 'red' : undefined}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

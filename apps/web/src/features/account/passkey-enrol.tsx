// "Add a passkey" of the account settings' second-factor section: a name for it, then the browser's
// prompt. The section shows the recovery codes that the account's first factor brings (onAdded).
import { MSG, type SecondFactorAddedResponse, ZSecondFactorName } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../shared/api/api-client.js';
import { refusalMessage } from '../../shared/api/refusal-message.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { PasskeyPromptError } from '../../shared/security/passkey-prompts.js';
import { Dialog } from '../../shared/ui/dialog.js';
import { notify } from '../../shared/ui/notify.js';
import { useAddPasskey } from './api/add-passkey.js';

const ZPasskeyNameForm = z.object({ name: ZSecondFactorName });
type PasskeyNameForm = z.input<typeof ZPasskeyNameForm>;

function PasskeyNameDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (answer: SecondFactorAddedResponse) => void;
}) {
  const add = useAddPasskey();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useBlurValidatedForm<PasskeyNameForm, unknown, z.output<typeof ZPasskeyNameForm>>({
    resolver: zodResolver(ZPasskeyNameForm),
    defaultValues: { name: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      const answer = await add.mutateAsync(name);
      notify.success(answer.message);
      onClose();
      onAdded(answer);
    } catch (error) {
      if (error instanceof PasskeyPromptError) return setFailure(MSG.secondFactor.passkeyCancelled);
      const field = error instanceof ApiError ? error.fields.name : undefined;
      if (field) return form.setError('name', { message: field });
      setFailure(refusalMessage(error, MSG.common.somethingWrong));
    }
  });

  return (
    <Dialog opened onClose={onClose} title="Add a passkey" centered>
      <form onSubmit={submit} noValidate aria-label="Add a passkey">
        <Stack>
          <TextInput
            label="Name"
            description="The device or key it is on, such as “Work laptop”"
            required
            autoFocus
            error={errors.name?.message}
            {...form.register('name')}
          />
          {failure && (
            <Text role="alert" size="sm" c="red.8">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              {MSG.common.back}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

export function AddPasskeyButton({ onAdded }: { onAdded: (answer: SecondFactorAddedResponse) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        Add a passkey
      </Button>
      {open && <PasskeyNameDialog onClose={() => setOpen(false)} onAdded={onAdded} />}
    </>
  );
}

// The new password, typed twice, with the live checklist under it: the reset and the change of a
// password ask for it the same way.
import type { NewPasswordForm } from '@bridge-talk/contract';
import { PasswordInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { PasswordChecklist } from '../ui/password-checklist.js';

export function NewPasswordFields({ form }: { form: UseFormReturn<NewPasswordForm> }) {
  const [password, confirmation] = form.watch(['password', 'confirmation']);
  const { errors } = form.formState;
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        autoFocus
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordInput
        label="Re-type password"
        autoComplete="new-password"
        required
        error={errors.confirmation?.message}
        {...form.register('confirmation')}
      />
      <PasswordChecklist password={password} confirmation={confirmation} />
    </>
  );
}

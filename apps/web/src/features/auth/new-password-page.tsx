import { MSG, type NewPasswordForm, PASSWORD_MAX, type Role, ZNewPasswordForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { HOME } from '../../shared/session/home.js';
import { notify } from '../../shared/ui/notify.js';
import { PasswordChecklist } from '../../shared/ui/password-checklist.js';
import { useSetNewPassword } from './api/password-reset.js';
import { LoggedOutLayout } from './components/logged-out-layout.js';
import { useFlowNavigationState } from './flow-navigation.js';

export function NewPasswordPage({ role }: { role: Role }) {
  const flow = useFlowNavigationState();
  useEffect(() => {
    if (!flow) notify.info(MSG.extra.startAgain);
  }, [flow]);
  if (!flow) return <Navigate to={`/forgot-password/${role}`} replace />;
  return <NewPasswordFormView role={role} email={flow.email} state={flow.state} />;
}

function NewPasswordFormView({ role, email, state }: { role: Role; email: string; state: string }) {
  const setPassword = useSetNewPassword(HOME[role]);
  const form = useBlurValidatedForm<NewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: '', confirmation: '' },
  });
  const [password, confirmation] = form.watch(['password', 'confirmation']);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const session = await setPassword.mutateAsync({ email, role, state, password: values.password });
      notify.success(session.message);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : MSG.common.somethingWrong);
    }
  });

  return (
    <LoggedOutLayout userRole={role} title="New password" subtitle={email}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <PasswordInput
            label="New password"
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
            required
            autoFocus
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput
            label="Re-type password"
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
            required
            error={form.formState.errors.confirmation?.message}
            {...form.register('confirmation')}
          />
          <PasswordChecklist password={password} confirmation={confirmation} />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth size="md">
            Save password
          </Button>
        </Stack>
      </form>
    </LoggedOutLayout>
  );
}

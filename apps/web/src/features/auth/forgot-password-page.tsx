import { type ForgotPasswordRequest, MSG, type Role, ZForgotPasswordRequest } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { notify } from '../../shared/ui/notify.js';
import { useRequestReset } from './api/password-reset.js';
import { LoggedOutLayout } from './components/logged-out-layout.js';

export function ForgotPasswordPage({ role }: { role: Role }) {
  const navigate = useNavigate();
  const request = useRequestReset();
  // 'Send a new code' comes back here with the address the code went to: it is not typed twice.
  const carried = (useLocation().state as { email?: unknown } | null)?.email;
  const form = useBlurValidatedForm<ForgotPasswordRequest>({
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: typeof carried === 'string' ? carried : '', role },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message, state } = await request.mutateAsync({ ...values, role });
      notify.success(message);
      navigate(`/activation-code/${role}`, { state: { email: values.email.trim().toLowerCase(), state } });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : MSG.common.somethingWrong;
      if (error instanceof ApiError && error.fields.email)
        form.setError('email', { message: error.fields.email });
      notify.error(message);
    }
  });

  return (
    <LoggedOutLayout
      userRole={role}
      title={MSG.auth.forgotPassword}
      subtitle="Enter your e-mail and we will send you a verification code."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth size="md">
            Send code
          </Button>
          <Anchor component={Link} to={`/login/${role}`} size="sm" ta="center">
            Back to login
          </Anchor>
        </Stack>
      </form>
    </LoggedOutLayout>
  );
}

import { MSG, type Role, VERIFICATION_CODE_LENGTH, ZVerificationCode } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../shared/api/api-client.js';
import { CodeInput } from '../../shared/forms/code-input.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { notify } from '../../shared/ui/notify.js';
import { useValidateCode } from './api/password-reset.js';
import { LoggedOutLayout } from './components/logged-out-layout.js';
import { useFlowNavigationState } from './flow-navigation.js';

const ZCodeForm = z.object({ code: ZVerificationCode });
type CodeForm = z.infer<typeof ZCodeForm>;

export function ActivationCodePage({ role }: { role: Role }) {
  const flow = useFlowNavigationState();
  useEffect(() => {
    if (!flow) notify.info(MSG.extra.startAgain);
  }, [flow]);
  if (!flow) return <Navigate to={`/forgot-password/${role}`} replace />;
  return <ActivationCodeForm role={role} email={flow.email} state={flow.state} />;
}

function ActivationCodeForm({ role, email, state }: { role: Role; email: string; state: string }) {
  const navigate = useNavigate();
  const validate = useValidateCode();
  const form = useBlurValidatedForm<CodeForm>({
    resolver: zodResolver(ZCodeForm),
    defaultValues: { code: '' },
  });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const next = await validate.mutateAsync({ email, role, state, code });
      notify.success(next.message);
      navigate(`/new-password/${role}`, { state: { email, state: next.state }, replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        form.setError('code', { message: error.fields.code ?? error.message });
        if (!error.fields.code) notify.error(error.message);
      } else {
        notify.error(MSG.common.somethingWrong);
      }
    }
  });

  return (
    <LoggedOutLayout userRole={role} title="Activation code">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text c="dimmed" size="sm">
            We sent a {VERIFICATION_CODE_LENGTH}-character code to <b>{email}</b>. It is valid for 15 minutes.
          </Text>
          <CodeInput
            label="Code"
            required
            autoFocus
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth size="md">
            Continue
          </Button>
          <Anchor component={Link} to={`/forgot-password/${role}`} state={{ email }} size="sm" ta="center">
            Send a new code
          </Anchor>
        </Stack>
      </form>
    </LoggedOutLayout>
  );
}

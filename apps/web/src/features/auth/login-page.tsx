import {
  MSG,
  type Role,
  type SecondFactorKind,
  type SignInStepMethod,
  type ZLoginRequest,
} from '@bridge-talk/contract';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/api-client.js';
import { lazyZodResolver } from '../../shared/forms/lazy-zod-resolver.js';
import { sameName, showServerFieldErrors } from '../../shared/forms/server-field-errors.js';
import { sessionEndMessage } from '../../shared/session/session-end.js';
import { notify } from '../../shared/ui/notify.js';
import { useLogin } from './api/login.js';
import { LoggedOutLayout } from './components/logged-out-layout.js';
import { landingAfterLogin } from './landing.js';
import { secondFactorKindsOf } from './second-factor-kinds.js';

type LoginForm = z.input<typeof ZLoginRequest>;

const SignInCodeStep = lazy(() => import('./sign-in-code-step.js'));

export function LoginPage({ role }: { role: Role }) {
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = location.state as { from?: string; email?: string } | null;
  const from = arrival?.from;
  // A session the server ended says why here (removed, disabled, expired, signed out elsewhere).
  const [search] = useSearchParams();
  const ended = sessionEndMessage(search.get('ended'));
  const login = useLogin((signedInRole) => landingAfterLogin(signedInRole, from));
  const form = useForm<LoginForm>({
    resolver: lazyZodResolver(() => import('./login-schema.js').then((m) => m.ZLoginRequest)),
    // After a password change the e-mail is known: only the new password is left to type.
    defaultValues: { email: arrival?.email ?? '', password: '', role, rememberMe: true },
    // Validate on submit: the e-mail field has focus on arrival, and a message appearing on blur would
    // move the links under the pointer so that the first click on them is lost.
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const otherRole: Role = role === 'admin' ? 'entity' : 'admin';
  const [secondStep, setSecondStep] = useState<{
    email: string;
    state: string;
    method: SignInStepMethod;
    kinds: SecondFactorKind[];
    rememberMe: boolean;
  } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const session = await login.mutateAsync({ ...values, role });
      notify.success(session.message);
    } catch (error) {
      if (!(error instanceof ApiError)) return notify.error(MSG.common.somethingWrong);
      if (error.status === 428) {
        return setSecondStep({
          email: values.email.trim().toLowerCase(),
          state: String(error.body.state),
          method: error.body.method === 'second-factor' ? 'second-factor' : 'email-code',
          kinds: secondFactorKindsOf(error.body),
          rememberMe: values.rememberMe ?? true,
        });
      }
      if (error.status === 406) {
        notify.info(MSG.auth.redirectToCreatePassword);
        return navigate(`/activation-code/${role}`, {
          state: { email: values.email.trim().toLowerCase(), state: error.body.state },
        });
      }
      showServerFieldErrors(form.setError, error.fields, sameName(['email', 'password']));
      notify.error(error.message);
    }
  });

  return (
    <LoggedOutLayout
      userRole={role}
      title={role === 'admin' ? 'Administrator login' : 'Agency and lawyer login'}
      subtitle="Welcome back to Bridge Talk."
    >
      {secondStep && (
        <Suspense fallback={null}>
          <SignInCodeStep
            role={role}
            {...secondStep}
            landing={(signedInRole) => landingAfterLogin(signedInRole, from)}
            onBack={() => setSecondStep(null)}
          />
        </Suspense>
      )}
      <form onSubmit={onSubmit} noValidate hidden={secondStep !== null}>
        <Stack>
          {ended && (
            <Text role="status" size="sm" fw={600} c="orange.9">
              {ended}
            </Text>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Group justify="space-between">
            <Checkbox label={MSG.auth.rememberMe} {...form.register('rememberMe')} />
            <Anchor component={Link} to={`/forgot-password/${role}`} size="sm">
              {MSG.auth.forgotPassword}
            </Anchor>
          </Group>
          <Button type="submit" loading={isSubmitting} fullWidth size="md">
            Log in
          </Button>
          <Anchor component={Link} to={`/login/${otherRole}`} size="sm" ta="center">
            {otherRole === 'admin' ? MSG.auth.adminLoginLink : MSG.auth.entityLoginLink}
          </Anchor>
        </Stack>
      </form>
    </LoggedOutLayout>
  );
}

import {
  MSG,
  type NewPasswordForm,
  type Role,
  type SecondFactorKind,
  ZNewPasswordForm,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Loader, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { NewPasswordFields } from '../../shared/forms/new-password-fields.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { HOME } from '../../shared/session/home.js';
import { notify } from '../../shared/ui/notify.js';
import { useSetNewPassword } from './api/password-reset.js';
import { LoggedOutLayout } from './components/logged-out-layout.js';
import { useFlowNavigationState } from './flow-navigation.js';
import { secondFactorKindsOf } from './second-factor-kinds.js';

export function NewPasswordPage({ role }: { role: Role }) {
  const flow = useFlowNavigationState();
  useEffect(() => {
    if (!flow) notify.info(MSG.extra.startAgain);
  }, [flow]);
  if (!flow) return <Navigate to={`/forgot-password/${role}`} replace />;
  return <NewPasswordFormView role={role} email={flow.email} state={flow.state} />;
}

const SignInCodeStep = lazy(() => import('./sign-in-code-step.js'));

function NewPasswordFormView({ role, email, state }: { role: Role; email: string; state: string }) {
  const setPassword = useSetNewPassword(HOME[role]);
  const navigate = useNavigate();
  // An account with a second factor: the password is saved, and signing in takes the factor too.
  const [factorStep, setFactorStep] = useState<{ state: string; kinds: SecondFactorKind[] } | null>(null);
  const form = useBlurValidatedForm<NewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: '', confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const session = await setPassword.mutateAsync({ email, role, state, password: values.password });
      notify.success(session.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 428 && error.body.method === 'second-factor') {
        notify.success(MSG.auth.changePasswordSuccess);
        return setFactorStep({ state: String(error.body.state), kinds: secondFactorKindsOf(error.body) });
      }
      notify.error(error instanceof ApiError ? error.message : MSG.common.somethingWrong);
    }
  });

  if (factorStep) {
    return (
      <LoggedOutLayout userRole={role} title="Log in" subtitle={email}>
        <Suspense fallback={<Loader aria-label="Loading" />}>
          <SignInCodeStep
            role={role}
            email={email}
            state={factorStep.state}
            method="second-factor"
            kinds={factorStep.kinds}
            rememberMe
            landing={(signedInRole) => HOME[signedInRole]}
            onBack={() => navigate(`/login/${role}`, { replace: true, state: { email } })}
          />
        </Suspense>
      </LoggedOutLayout>
    );
  }

  return (
    <LoggedOutLayout userRole={role} title="New password" subtitle={email}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <NewPasswordFields form={form} />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth size="md">
            Save password
          </Button>
        </Stack>
      </form>
    </LoggedOutLayout>
  );
}

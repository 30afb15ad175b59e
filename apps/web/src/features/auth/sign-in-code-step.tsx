// The login's second step when the server asks for one: the code e-mailed to the account (many wrong
// passwords were tried on it), or the account's second factor: a passkey, the authenticator app's code
// or a recovery code. Loaded only then, to keep the login page's download small.
import {
  MSG,
  type Role,
  type SecondFactorKind,
  type SignInStepMethod,
  secondFactorNeeded,
  ZLoginSecondFactorRequest,
  ZVerificationCode,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../shared/api/api-client.js';
import { refusalMessage } from '../../shared/api/refusal-message.js';
import { CodeInput } from '../../shared/forms/code-input.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { PasskeyPromptError } from '../../shared/security/passkey-prompts.js';
import { notify } from '../../shared/ui/notify.js';
import { useLoginWithCode, useLoginWithPasskey } from './api/login-second-step.js';

const ZCodeForm = z.object({ code: ZVerificationCode });
const ZFactorForm = z.object({ code: ZLoginSecondFactorRequest.shape.code });
type CodeForm = z.infer<typeof ZCodeForm>;

export interface SignInCodeStepProps {
  role: Role;
  email: string;
  state: string;
  method: SignInStepMethod;
  /** For method 'second-factor': the kinds the account holds (a passkey is offered when one is). */
  kinds?: SecondFactorKind[];
  rememberMe: boolean;
  landing: (role: Role) => string;
  /** Back to the password: the person typed a wrong one, or wants another code. */
  onBack: () => void;
}

export default function SignInCodeStep({
  role,
  email,
  state,
  method,
  kinds = [],
  rememberMe,
  landing,
  onBack,
}: SignInCodeStepProps) {
  const login = useLoginWithCode(method, landing, rememberMe);
  const passkey = useLoginWithPasskey(landing, rememberMe);
  const [passkeyFailure, setPasskeyFailure] = useState<string | null>(null);
  const offersPasskey = method === 'second-factor' && kinds.includes('passkey');
  const form = useBlurValidatedForm<CodeForm>({
    resolver: zodResolver(method === 'second-factor' ? ZFactorForm : ZCodeForm),
    defaultValues: { code: '' },
  });
  const codeError = form.formState.errors.code?.message;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const session = await login.mutateAsync({ email, role, code, state });
      notify.success(session.message);
    } catch (error) {
      if (!(error instanceof ApiError)) return notify.error(MSG.common.somethingWrong);
      form.setError('code', { message: error.fields.code ?? error.message });
      if (!error.fields.code) notify.error(error.message);
    }
  });

  const onPasskey = async () => {
    setPasskeyFailure(null);
    try {
      const session = await passkey.mutateAsync({ email, role, state });
      notify.success(session.message);
    } catch (error) {
      setPasskeyFailure(
        error instanceof PasskeyPromptError
          ? MSG.secondFactor.passkeyCancelled
          : refusalMessage(error, MSG.common.somethingWrong),
      );
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={MSG.auth.signInCodeTitle}>
      <Stack>
        {method === 'second-factor' ? (
          <>
            <Text size="sm">{secondFactorNeeded(kinds)}</Text>
            {offersPasskey && (
              <>
                <Button onClick={onPasskey} loading={passkey.isPending} fullWidth size="md" autoFocus>
                  Use a passkey
                </Button>
                {passkeyFailure && (
                  <Text role="alert" size="sm" c="red.8">
                    {passkeyFailure}
                  </Text>
                )}
              </>
            )}
            <TextInput
              label="Code"
              required
              autoFocus={!offersPasskey}
              autoComplete="one-time-code"
              spellCheck={false}
              error={codeError}
              {...form.register('code')}
            />
          </>
        ) : (
          <>
            <Text role="status" size="sm" fw={600} c="orange.9">
              {MSG.auth.signInCodeNeeded}
            </Text>
            <Text c="dimmed" size="sm">
              {MSG.auth.signInCodeHelp(email)}
            </Text>
            <CodeInput label="Code" required autoFocus error={codeError} {...form.register('code')} />
          </>
        )}
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth size="md">
          Log in
        </Button>
        <Button variant="subtle" onClick={onBack} size="sm">
          Back to the password
        </Button>
      </Stack>
    </form>
  );
}

// The login's second step when the server asks for one: the code e-mailed to the account (many wrong
// passwords were tried on it), or the authenticator app's code or a recovery code (the account has a
// second factor). Loaded only then, to keep the login page's download small.
import {
  MSG,
  type Role,
  type SignInStepMethod,
  ZLoginSecondFactorRequest,
  ZVerificationCode,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { ApiError } from '../../shared/api/api-client.js';
import { CodeInput } from '../../shared/forms/code-input.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { notify } from '../../shared/ui/notify.js';
import { useLoginWithCode } from './api/login.js';

const ZCodeForm = z.object({ code: ZVerificationCode });
const ZFactorForm = z.object({ code: ZLoginSecondFactorRequest.shape.code });
type CodeForm = z.infer<typeof ZCodeForm>;

export interface SignInCodeStepProps {
  role: Role;
  email: string;
  state: string;
  method: SignInStepMethod;
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
  rememberMe,
  landing,
  onBack,
}: SignInCodeStepProps) {
  const login = useLoginWithCode(method, landing, rememberMe);
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

  return (
    <form onSubmit={onSubmit} noValidate aria-label={MSG.auth.signInCodeTitle}>
      <Stack>
        {method === 'second-factor' ? (
          <>
            <Text size="sm">{MSG.secondFactor.codeNeeded}</Text>
            <TextInput
              label="Code"
              required
              autoFocus
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

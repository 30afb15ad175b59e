// Change password from account settings: a code is e-mailed on arrival; the code is checked when the
// 6-character field is left; an accepted code reveals the password fields; success ends the session and shows the login page with its toast.
import { MSG, type NewPasswordForm, VERIFICATION_CODE_LENGTH, ZNewPasswordForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { CodeInput } from '../../shared/forms/code-input.js';
import { NewPasswordFields } from '../../shared/forms/new-password-fields.js';
import { afterPointerPress } from '../../shared/forms/pointer-press.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { useLeaveSession } from '../../shared/session/leave-session.js';
import { useSessionUser } from '../../shared/session/session-provider.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useChangePassword, useSendPasswordCode, useVerifyPasswordCode } from './api/account.js';

export function ChangePasswordPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const leaveSession = useLeaveSession();
  const sendCode = useSendPasswordCode();
  const verify = useVerifyPasswordCode();
  const change = useChangePassword();
  const [code, setCode] = useState('');
  const [state, setState] = useState<string | null>(null);
  const sent = useRef(false);

  const send = () =>
    sendCode.mutate(undefined, {
      onSuccess: (result) => notify.success(result.message),
      onError: (error) => notify.error(error instanceof ApiError ? error.message : MSG.common.somethingWrong),
    });

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    send();
  });

  const [codeError, setCodeError] = useState<string | null>(null);
  const checkCode = async () => {
    // Its message moves what is below: the click that left the field lands first.
    await afterPointerPress();
    if (state || verify.isPending) return;
    if (code.trim().length !== VERIFICATION_CODE_LENGTH) {
      if (code.trim() !== '') setCodeError(MSG.extra.codeLength);
      return;
    }
    setCodeError(null);
    try {
      const result = await verify.mutateAsync({ code });
      if (result.message === MSG.account.stepOkay) setState(result.state);
    } catch (error) {
      // A code that ran out of time or tries needs a new one: say so here, beside 'Send a new code'.
      const message = error instanceof ApiError ? error.fields.code : undefined;
      if (message === MSG.extra.codeExpired || message === MSG.extra.codeTooManyTries) {
        setCodeError(message);
        return;
      }
      notify.error(MSG.account.codeCheckFailed);
      navigate('/account-settings');
    }
  };

  const form = useBlurValidatedForm<NewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: '', confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!state) return;
    try {
      const result = await change.mutateAsync({ state, password: values.password });
      notify.success(result.message);
      leaveSession(user.role, user.email);
    } catch {
      notify.error(MSG.account.passwordChangeFailed);
    }
  });

  return (
    <>
      <PageHeader
        title="Change password"
        back="/account-settings"
        breadcrumbs={[
          { label: MSG.frame.accountSettings, to: '/account-settings' },
          { label: 'Change password' },
        ]}
      />
      <Paper withBorder p="xl" radius="md" maw={520}>
        <Stack>
          <Text size="sm" c="dimmed">
            We e-mailed a {VERIFICATION_CODE_LENGTH}-character code to <b>{user.email}</b>.{' '}
            <Anchor component="button" type="button" size="sm" onClick={send} disabled={sendCode.isPending}>
              Send a new code
            </Anchor>
          </Text>
          <CodeInput
            label="Received code"
            required
            autoFocus
            value={code}
            disabled={state !== null}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setCodeError(null);
            }}
            error={codeError}
            onBlur={checkCode}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void checkCode();
            }}
            description={state ? MSG.extra.codeAccepted : undefined}
          />
          {state && (
            <form onSubmit={onSubmit} noValidate>
              <Stack>
                <NewPasswordFields form={form} />
                <Group justify="flex-end">
                  <Button type="submit" loading={form.formState.isSubmitting}>
                    {MSG.account.changePassword}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </>
  );
}

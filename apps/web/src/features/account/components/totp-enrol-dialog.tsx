// Adding an authenticator app: the server makes a secret (inactive), shown as a QR code and as a key
// to type; the person enters the app's current code and a name, and the app is active. A set-up
// left open too long is started again; a wrong code is said under the field.
import {
  MSG,
  type SecondFactorAddedResponse,
  type TotpStartResponse,
  ZSecondFactorName,
  ZTotpCode,
} from '@bridge-talk/contract';
import { Button, Center, Code, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { refusalMessage } from '../../../shared/api/refusal-message.js';
import { Dialog } from '../../../shared/ui/dialog.js';
import { notify } from '../../../shared/ui/notify.js';
import { useConfirmTotp, useStartTotp } from '../api/second-factors.js';
import { QrCode } from './qr-code.js';

export interface TotpEnrolDialogProps {
  opened: boolean;
  onClose: () => void;
  onAdded: (answer: SecondFactorAddedResponse) => void;
}

export function TotpEnrolDialog({ opened, onClose, onAdded }: TotpEnrolDialogProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={MSG.secondFactor.totpTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted while open: each opening starts a new set-up, and a closed one leaves no secret. */}
      {opened && <TotpEnrolment onClose={onClose} onAdded={onAdded} />}
    </Dialog>
  );
}

/** The key in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function TotpEnrolment({ onClose, onAdded }: Omit<TotpEnrolDialogProps, 'opened'>) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [started, setStarted] = useState<TotpStartResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ code?: string; name?: string }>({});

  const begin = async () => {
    setFailed(false);
    setStarted(null);
    setCode('');
    setErrors({});
    try {
      setStarted(await start.mutateAsync());
    } catch (error) {
      setFailed(true);
      notify.error(refusalMessage(error, MSG.secondFactor.startFailed));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one set-up per opening
  useEffect(() => {
    void begin();
  }, []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!started || confirm.isPending) return;
    const typedCode = ZTotpCode.safeParse(code);
    const typedName = ZSecondFactorName.safeParse(name);
    const found = {
      code: typedCode.success ? undefined : typedCode.error.issues[0]?.message,
      name: typedName.success ? undefined : typedName.error.issues[0]?.message,
    };
    setErrors(found);
    if (!typedCode.success || !typedName.success) return;
    try {
      onAdded(
        await confirm.mutateAsync({ factorId: started.factorId, code: typedCode.data, name: typedName.data }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.message === MSG.secondFactor.enrolmentExpired) {
        notify.error(error.message);
        return void begin();
      }
      if (error instanceof ApiError && (error.fields.code || error.fields.name))
        return setErrors({ code: error.fields.code, name: error.fields.name });
      notify.error(refusalMessage(error, MSG.common.somethingWrong));
    }
  };

  if (failed)
    return (
      <Stack>
        <Text>{MSG.secondFactor.startFailed}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {MSG.common.back}
          </Button>
          <Button onClick={() => void begin()}>{MSG.common.tryAgain}</Button>
        </Group>
      </Stack>
    );
  if (!started)
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Text>{MSG.secondFactor.totpScan}</Text>
        <Center>
          <QrCode value={started.uri} label={MSG.secondFactor.totpQrLabel} />
        </Center>
        <Stack gap={2}>
          <Text size="sm" fw={600} id="totp-key-label">
            {MSG.secondFactor.totpKey}
          </Text>
          <Code aria-labelledby="totp-key-label" data-testid="totp-key" style={{ wordBreak: 'break-all' }}>
            {grouped(started.secret)}
          </Code>
        </Stack>
        <Text size="sm">{MSG.secondFactor.totpConfirmHelp}</Text>
        <TextInput
          label="Code"
          required
          data-autofocus
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <TextInput
          label="Name"
          required
          placeholder="My phone"
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={confirm.isPending}>
            {MSG.common.back}
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            {MSG.secondFactor.addTotp}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

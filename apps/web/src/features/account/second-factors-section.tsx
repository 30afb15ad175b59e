// Account settings' two-step sign-in: the account's second factors with their last use, adding an
// authenticator app, removing a factor and making new recovery codes after the password. Recovery
// codes are shown once, when they are made. An admin the platform requires a factor of is sent here
// and told so.
import {
  formatDate,
  MSG,
  type SecondFactor,
  type SecondFactorKind,
  type SessionUser,
} from '@bridge-talk/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LoadError } from '../../shared/ui/load-error.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { notify } from '../../shared/ui/notify.js';
import { useRemoveSecondFactor, useReplaceRecoveryCodes, useSecondFactors } from './api/second-factors.js';
import { PasswordAgainDialog } from './components/password-again-dialog.js';
import { RecoveryCodesDialog } from './components/recovery-codes-dialog.js';
import { TotpEnrolDialog } from './components/totp-enrol-dialog.js';
import { AddPasskeyButton } from './passkey-enrol.js';

const KIND_LABEL: Record<SecondFactorKind, string> = {
  totp: MSG.secondFactor.kindTotp,
  passkey: MSG.secondFactor.kindPasskey,
};

export function SecondFactorsSection({ user }: { user: SessionUser }) {
  const factors = useSecondFactors();
  const remove = useRemoveSecondFactor();
  const replace = useReplaceRecoveryCodes();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SecondFactor | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  useEffect(() => {
    if (factors.isError) notify.error(MSG.secondFactor.loadFailed);
  }, [factors.isError]);

  const list = factors.data?.factors ?? [];
  return (
    <Paper withBorder p="xl" radius="md" maw={760} mt="lg" component="section" aria-labelledby="two-step">
      <Stack>
        <Title order={2} size="h4" id="two-step">
          {MSG.secondFactor.sectionTitle}
        </Title>
        {user.mustAddSecondFactor && (
          <Alert color="orange" role="status">
            {MSG.secondFactor.mustAdd}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {MSG.secondFactor.sectionIntro}
        </Text>
        {factors.isError ? (
          <LoadError onRetry={() => void factors.refetch()} />
        ) : (
          <LoadingOverlay visible={factors.isPending}>
            <Stack gap="xs">
              {factors.data && list.length === 0 && <Text>{MSG.secondFactor.noFactors}</Text>}
              {list.length > 0 && (
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {list.map((factor) => (
                    <FactorRow key={factor._id} factor={factor} onRemove={() => setRemoving(factor)} />
                  ))}
                </Stack>
              )}
              {list.length > 0 && factors.data && (
                <Group justify="space-between" wrap="wrap" mt="xs">
                  <Text size="sm">{MSG.secondFactor.recoveryCodesLeft(factors.data.recoveryCodesLeft)}</Text>
                  <Button variant="default" size="sm" onClick={() => setReplacing(true)}>
                    {MSG.secondFactor.replaceRecoveryCodes}
                  </Button>
                </Group>
              )}
            </Stack>
          </LoadingOverlay>
        )}
        <Group>
          <AddPasskeyButton onAdded={(answer) => setCodes(answer.recoveryCodes)} />
          <Button variant="light" onClick={() => setAdding(true)}>
            {MSG.secondFactor.addTotp}
          </Button>
        </Group>
      </Stack>
      <TotpEnrolDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(answer) => {
          setAdding(false);
          notify.success(answer.message);
          if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
        }}
      />
      <PasswordAgainDialog
        opened={removing !== null}
        title={removing ? MSG.secondFactor.removeTitle(removing.name) : ''}
        text={MSG.secondFactor.removeText}
        confirmLabel={MSG.secondFactor.remove}
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={async (password) => {
          const answer = await remove.mutateAsync({ id: removing?._id ?? '', password });
          setRemoving(null);
          notify.success(answer.message);
        }}
      />
      <PasswordAgainDialog
        opened={replacing}
        title={MSG.secondFactor.replaceTitle}
        text={MSG.secondFactor.replaceText}
        confirmLabel={MSG.secondFactor.replaceRecoveryCodes}
        onCancel={() => setReplacing(false)}
        onConfirm={async (password) => {
          const answer = await replace.mutateAsync({ password });
          setReplacing(false);
          notify.success(answer.message);
          setCodes(answer.recoveryCodes);
        }}
      />
      <RecoveryCodesDialog codes={codes} email={user.email} onClose={() => setCodes(null)} />
    </Paper>
  );
}

function FactorRow({ factor, onRemove }: { factor: SecondFactor; onRemove: () => void }) {
  const used = factor.lastUsedAt
    ? MSG.secondFactor.lastUsed(formatDate(factor.lastUsedAt))
    : MSG.secondFactor.neverUsed;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {factor.name}
        </Text>
        <Text size="sm" c="dimmed">
          {KIND_LABEL[factor.kind]} · {MSG.secondFactor.addedOn(formatDate(factor.createdAt))}, {used}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="sm"
        onClick={onRemove}
        aria-label={`${MSG.secondFactor.remove} ${factor.name}`}
      >
        {MSG.secondFactor.remove}
      </Button>
    </Group>
  );
}

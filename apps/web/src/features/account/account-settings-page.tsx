// Account settings (both roles): names, read-only e-mail, organisation name for entities (a fixed,
// disabled label for admins), 'Change Password' and 'Save Changes' with the spec's two dialogs.
import {
  type AccountSettingsForm,
  joinName,
  MSG,
  type SessionUser,
  splitName,
  ZAccountSettingsForm,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { refusalMessage } from '../../shared/api/refusal-message.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { Dialog } from '../../shared/ui/dialog.js';
import { LoadError } from '../../shared/ui/load-error.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { ReportAlertsSetting } from '../reports/index.js';
import { useMe, useUpdateMe } from './api/account.js';
import { AddPasskeyButton } from './passkey-enrol.js';

export function AccountSettingsPage() {
  const me = useMe();
  useEffect(() => {
    if (me.isError) notify.error(MSG.account.loadFailed);
  }, [me.isError]);
  return (
    <>
      <PageHeader title={MSG.frame.accountSettings} />
      {me.isError ? (
        <LoadError onRetry={() => void me.refetch()} />
      ) : (
        <LoadingOverlay visible={me.isPending}>{me.data && <AccountForm user={me.data} />}</LoadingOverlay>
      )}
      {me.data?.role === 'entity' && <ReportAlertsSetting />}
      <TempPasskeySection />
    </>
  );
}

function TempPasskeySection() {
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Paper withBorder p="md" mt="md">
      <Stack>
        <AddPasskeyButton onAdded={(answer) => setCodes(answer.recoveryCodes)} />
        {codes && (
          <ul aria-label="Recovery codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}

function AccountForm({ user }: { user: SessionUser }) {
  const update = useUpdateMe();
  const [dialog, setDialog] = useState<'saved' | 'email' | null>(null);
  const { firstName, lastName } = splitName(user.name);
  const isEntity = user.role === 'entity';
  const form = useBlurValidatedForm<AccountSettingsForm>({
    guardUnsaved: true,
    resolver: zodResolver(
      isEntity
        ? ZAccountSettingsForm.refine((v) => v.entityName.length >= 3, {
            path: ['entityName'],
            message: MSG.validation.organizationNameMin,
          })
        : ZAccountSettingsForm,
    ),
    defaultValues: {
      firstName,
      lastName,
      email: user.email,
      entityName: isEntity ? (user.entityName ?? '') : '',
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync({
        name: joinName(values.firstName, values.lastName),
        email: values.email,
        entityName: isEntity ? values.entityName : null,
      });
      form.reset(values);
      setDialog(result.emailChangePending ? 'email' : 'saved');
    } catch (error) {
      notify.error(refusalMessage(error, MSG.account.unableToUpdateEmail));
    }
  });

  return (
    <Paper withBorder p="xl" radius="md" maw={760}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={MSG.fields.firstName}
              required
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextInput
              label={MSG.fields.lastName}
              required
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </SimpleGrid>
          <TextInput label="Email" type="email" readOnly disabled {...form.register('email')} />
          {isEntity ? (
            <TextInput
              label={MSG.fields.organizationName}
              required
              error={errors.entityName?.message}
              {...form.register('entityName')}
            />
          ) : (
            <TextInput
              label={MSG.fields.organizationName}
              value={MSG.extra.adminOrganization}
              disabled
              readOnly
            />
          )}
          <Group justify="space-between" mt="md">
            <Button component={Link} to={`/account-settings/${user._id}/change-password`} variant="default">
              {MSG.account.changePassword}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {MSG.common.saveChanges}
            </Button>
          </Group>
        </Stack>
      </form>
      <Dialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'email' ? MSG.account.emailChangedTitle : undefined}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>{dialog === 'email' ? MSG.account.emailChangedText : MSG.account.changesSaved}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setDialog(null)} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Paper>
  );
}

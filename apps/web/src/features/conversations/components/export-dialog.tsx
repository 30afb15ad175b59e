// EXPORT: the address the transcript goes to, typed twice: both valid ('Email field is wrong' /
// 'Re-type email field is wrong'), copy and paste blocked ('Cannot copy email' / 'Cannot paste email'),
// and the two the same. Back / Confirm; after the request,
// 'You will receive an email message soon!', and closing that reloads the page.
import { type ExportForm, MSG, ZExportForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ClipboardEvent } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { Dialog } from '../../../shared/ui/dialog.js';
import { notify } from '../../../shared/ui/notify.js';
import { useRequestExport } from '../api/request-export.js';

export interface ExportDialogProps {
  channelId: string;
  opened: boolean;
  /** The request was answered: the success dialog shows. */
  done: boolean;
  onDone: () => void;
  onClose: () => void;
  /** What closing the success dialog does (default: reload the page). */
  onFinished?: () => void;
}

function blockPaste(event: ClipboardEvent<HTMLInputElement>) {
  event.preventDefault();
  notify.error(MSG.validation.cannotPasteEmail);
}

function blockCopy(event: ClipboardEvent<HTMLInputElement>) {
  event.preventDefault();
  notify.error(MSG.validation.cannotCopyEmail);
}

export function ExportDialog({
  channelId,
  opened,
  done,
  onDone,
  onClose,
  onFinished = () => window.location.reload(),
}: ExportDialogProps) {
  const requestExport = useRequestExport(channelId);
  const form = useBlurValidatedForm<ExportForm>({
    resolver: zodResolver(ZExportForm),
    defaultValues: { email: '', retypeEmail: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestExport.mutateAsync({ email });
      form.reset();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields.email) {
        form.setError('email', { message: error.fields.email }, { shouldFocus: true });
        return;
      }
      notify.error(MSG.common.somethingWrong);
    }
  });

  const clipboardGuards = { onPaste: blockPaste, onCopy: blockCopy, onCut: blockCopy };

  return (
    <>
      {/*
        Neither step has a close button in its corner: 'Back' and 'Close' end them (and Escape), and
        while one step gives way to the other a second button named 'Close' would be on the page.
      */}
      <Dialog
        opened={opened && !done}
        onClose={close}
        title={MSG.conversations.exportTitle}
        centered
        withCloseButton={false}
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {MSG.conversations.exportText}
            </Text>
            <TextInput
              label={MSG.conversations.emailLabel}
              type="email"
              required
              autoComplete="off"
              data-autofocus
              error={errors.email?.message}
              {...clipboardGuards}
              {...form.register('email')}
            />
            <TextInput
              label={MSG.conversations.retypeEmailLabel}
              type="email"
              required
              autoComplete="off"
              error={errors.retypeEmail?.message}
              {...clipboardGuards}
              {...form.register('retypeEmail')}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close} disabled={isSubmitting}>
                {MSG.common.back}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {MSG.common.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
      <Dialog
        opened={done}
        onClose={onFinished}
        title={MSG.conversations.exportTitle}
        centered
        withCloseButton={false}
      >
        <Stack>
          <Text>{MSG.families.exportRequested}</Text>
          <Group justify="flex-end">
            <Button onClick={onFinished} data-autofocus>
              {MSG.conversations.close}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

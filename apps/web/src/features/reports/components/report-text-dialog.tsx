// A report's dialog that asks for one required text before acting on it: the review note of 'Mark as
// reviewed', the reason of 'Reopen'. The text is checked by the contract's schema of that request, here
// and on the server; a 400 names its field, a 409 (someone else acted meanwhile) closes the dialog and
// the list shows the report as it now is.
import type { MessageResponse, Report } from '@bridge-talk/contract';
import { MSG } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ZodType, z } from 'zod';
import { ApiError } from '../../../shared/api/api-client.js';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors.js';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { Dialog } from '../../../shared/ui/dialog.js';
import { notify } from '../../../shared/ui/notify.js';

interface TextForm {
  text: string;
}

export interface ReportTextDialogProps {
  report: Report | null;
  onClose: () => void;
  title: string;
  /** What stands above the field: the question and where the report is. */
  intro: (report: Report) => ReactNode;
  label: string;
  description?: string;
  rows: number;
  submitLabel: string;
  /** The request's field: its name (as a 400 names it) and its schema. */
  field: { name: string; schema: ZodType<string, string> };
  submit: (id: string, text: string) => Promise<MessageResponse>;
}

export function ReportTextDialog({
  report,
  onClose,
  title,
  intro,
  label,
  description,
  rows,
  submitLabel,
  field,
  submit,
}: ReportTextDialogProps) {
  const form = useBlurValidatedForm<TextForm>({
    resolver: zodResolver(z.object({ text: field.schema })),
    defaultValues: { text: '' },
  });
  const { errors, isSubmitting } = form.formState;

  function close() {
    form.reset();
    onClose();
  }

  const onSubmit = form.handleSubmit(async ({ text }) => {
    if (!report) return;
    try {
      const answer = await submit(report.id, text);
      notify.success(answer.message);
      close();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const shown = showServerFieldErrors(form.setError, failure.fields, (name) =>
          name === field.name ? 'text' : null,
        );
        if (!shown) form.setError('text', { message: failure.message }, { shouldFocus: true });
        return;
      }
      notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong);
      if (failure instanceof ApiError && failure.status === 409) close();
    }
  });

  return (
    <Dialog
      opened={report !== null}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': MSG.conversations.close }}
    >
      {report && (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {intro(report)}
            <Textarea
              label={label}
              description={description}
              error={errors.text?.message}
              required
              rows={rows}
              data-autofocus
              {...form.register('text')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={isSubmitting}>
                {MSG.common.back}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

/** Text that wraps anywhere: a family or channel name of one long word stays inside the dialog. */
export function ReportPlace({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

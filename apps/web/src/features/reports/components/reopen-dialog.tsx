// 'Reopen': why the report goes back to the open ones is required; the reason and the review note it
// sets aside stay in the family's activity. The reason is checked by the contract's schema, here and
// on the server.
import { MSG, type ReopenReportRequest, type Report, ZReopenReportRequest } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { ApiError } from '../../../shared/api/api-client.js';
import { sameName, showServerFieldErrors } from '../../../shared/forms/server-field-errors.js';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { Dialog } from '../../../shared/ui/dialog.js';
import { notify } from '../../../shared/ui/notify.js';
import { useReopenReport } from '../api/reports.js';
import { reportWhere } from './report-labels.js';

export interface ReopenDialogProps {
  report: Report | null;
  onClose: () => void;
}

export function ReopenDialog({ report, onClose }: ReopenDialogProps) {
  const reopen = useReopenReport();
  const form = useBlurValidatedForm<ReopenReportRequest>({
    resolver: zodResolver(ZReopenReportRequest),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;

  function close() {
    form.reset();
    onClose();
  }

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (!report) return;
    try {
      const answer = await reopen.mutateAsync({ id: report.id, reason });
      notify.success(answer.message);
      close();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const shown = showServerFieldErrors(form.setError, failure.fields, sameName(['reason'] as const));
        if (!shown) form.setError('reason', { message: failure.message }, { shouldFocus: true });
        return;
      }
      notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong);
      // Someone else reopened it meanwhile: the list shows it as it now is.
      if (failure instanceof ApiError && failure.status === 409) close();
    }
  });

  return (
    <Dialog
      opened={report !== null}
      onClose={close}
      title={MSG.reports.reopen}
      centered
      closeButtonProps={{ 'aria-label': MSG.conversations.close }}
    >
      {report && (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm">{MSG.reports.reopenConfirm}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {reportWhere(report)}
            </Text>
            <Textarea
              label={MSG.reports.reopenReasonLabel}
              error={errors.reason?.message}
              required
              rows={3}
              data-autofocus
              {...form.register('reason')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={isSubmitting}>
                {MSG.common.back}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {MSG.reports.reopen}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

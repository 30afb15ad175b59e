// 'Mark as reviewed': what was done is required (it stays with the report and in the family's
// activity). The note is checked by the contract's schema, here and on the server.
import { MSG, type Report, type ReviewReportRequest, ZReviewReportRequest } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { ApiError } from '../../../shared/api/api-client.js';
import { sameName, showServerFieldErrors } from '../../../shared/forms/server-field-errors.js';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { Dialog } from '../../../shared/ui/dialog.js';
import { notify } from '../../../shared/ui/notify.js';
import { useReviewReport } from '../api/reports.js';
import { reportWhere } from './report-labels.js';

export interface ReviewDialogProps {
  report: Report | null;
  onClose: () => void;
}

export function ReviewDialog({ report, onClose }: ReviewDialogProps) {
  const review = useReviewReport();
  const form = useBlurValidatedForm<ReviewReportRequest>({
    resolver: zodResolver(ZReviewReportRequest),
    defaultValues: { note: '' },
  });
  const { errors, isSubmitting } = form.formState;

  function close() {
    form.reset();
    onClose();
  }

  const onSubmit = form.handleSubmit(async ({ note }) => {
    if (!report) return;
    try {
      const answer = await review.mutateAsync({ id: report.id, note });
      notify.success(answer.message);
      close();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const shown = showServerFieldErrors(form.setError, failure.fields, sameName(['note'] as const));
        if (!shown) form.setError('note', { message: failure.message }, { shouldFocus: true });
        return;
      }
      notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong);
      // Someone else reviewed it meanwhile: the list shows it as it now is.
      if (failure instanceof ApiError && failure.status === 409) close();
    }
  });

  return (
    <Dialog
      opened={report !== null}
      onClose={close}
      title={MSG.reports.reviewTitle}
      centered
      closeButtonProps={{ 'aria-label': MSG.conversations.close }}
    >
      {report && (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {reportWhere(report)} — {MSG.reports.columnReportedBy}: {report.reportedBy}
            </Text>
            <Textarea
              label={MSG.reports.reviewNoteLabel}
              description={MSG.reports.reviewNoteHint}
              error={errors.note?.message}
              required
              rows={4}
              data-autofocus
              {...form.register('note')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={isSubmitting}>
                {MSG.common.back}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {MSG.reports.review}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

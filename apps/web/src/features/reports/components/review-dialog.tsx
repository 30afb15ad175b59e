// 'Mark as reviewed': what was done is required (it stays with the report and in the family's
// activity). The note is checked by the contract's schema, here and on the server.
import { MSG, type Report, ZReviewReportRequest } from '@bridge-talk/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { notify } from '../../../shared/ui/notify.js';
import { useReviewReport } from '../api/reports.js';
import { reportWhere } from './report-labels.js';

export interface ReviewDialogProps {
  report: Report | null;
  onClose: () => void;
}

export function ReviewDialog({ report, onClose }: ReviewDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const review = useReviewReport();

  function close() {
    setNote('');
    setError(null);
    review.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!report) return;
    const checked = ZReviewReportRequest.safeParse({ note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MSG.reports.reviewNoteRequired);
      return;
    }
    review.mutate(
      { id: report.id, note: checked.data.note },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          close();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
          else {
            notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong);
            // Someone else reviewed it meanwhile: the list shows it as it now is.
            if (failure instanceof ApiError && failure.status === 409) close();
          }
        },
      },
    );
  }

  return (
    <Modal
      opened={report !== null}
      onClose={close}
      title={MSG.reports.reviewTitle}
      centered
      closeButtonProps={{ 'aria-label': MSG.conversations.close }}
    >
      {report && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {reportWhere(report)} — {MSG.reports.columnReportedBy}: {report.reportedBy}
            </Text>
            <Textarea
              label={MSG.reports.reviewNoteLabel}
              description={MSG.reports.reviewNoteHint}
              value={note}
              onChange={(event) => {
                setNote(event.currentTarget.value);
                if (error) setError(null);
              }}
              error={error}
              required
              rows={4}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={review.isPending}>
                {MSG.common.back}
              </Button>
              <Button type="submit" loading={review.isPending}>
                {MSG.reports.review}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

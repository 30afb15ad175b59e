// 'Reopen': why the report goes back to the open ones is required; the reason and the review note it
// sets aside stay in the family's activity.
import { MSG, type Report, ZReopenReportRequest } from '@bridge-talk/contract';
import { Text } from '@mantine/core';
import { useReopenReport } from '../api/reports.js';
import { reportWhere } from './report-labels.js';
import { ReportPlace, ReportTextDialog } from './report-text-dialog.js';

export interface ReopenDialogProps {
  report: Report | null;
  onClose: () => void;
}

export function ReopenDialog({ report, onClose }: ReopenDialogProps) {
  const reopen = useReopenReport();
  return (
    <ReportTextDialog
      report={report}
      onClose={onClose}
      title={MSG.reports.reopen}
      intro={(shown) => (
        <>
          <Text size="sm">{MSG.reports.reopenConfirm}</Text>
          <ReportPlace>{reportWhere(shown)}</ReportPlace>
        </>
      )}
      label={MSG.reports.reopenReasonLabel}
      rows={3}
      submitLabel={MSG.reports.reopen}
      field={{ name: 'reason', schema: ZReopenReportRequest.shape.reason }}
      submit={(id, reason) => reopen.mutateAsync({ id, reason })}
    />
  );
}

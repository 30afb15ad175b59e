// 'Mark as reviewed': what was done is required (it stays with the report and in the family's
// activity).
import { MSG, type Report, ZReviewReportRequest } from '@bridge-talk/contract';
import { useReviewReport } from '../api/reports.js';
import { reportWhere } from './report-labels.js';
import { ReportPlace, ReportTextDialog } from './report-text-dialog.js';

export interface ReviewDialogProps {
  report: Report | null;
  onClose: () => void;
}

export function ReviewDialog({ report, onClose }: ReviewDialogProps) {
  const review = useReviewReport();
  return (
    <ReportTextDialog
      report={report}
      onClose={onClose}
      title={MSG.reports.reviewTitle}
      intro={(shown) => (
        <ReportPlace>
          {reportWhere(shown)} — {MSG.reports.columnReportedBy}: {shown.reportedBy}
        </ReportPlace>
      )}
      label={MSG.reports.reviewNoteLabel}
      description={MSG.reports.reviewNoteHint}
      rows={4}
      submitLabel={MSG.reports.review}
      field={{ name: 'note', schema: ZReviewReportRequest.shape.note }}
      submit={(id, note) => review.mutateAsync({ id, note })}
    />
  );
}

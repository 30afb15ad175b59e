// The count of open reports beside 'Reported messages' in the entity's side menu: nothing while it is
// zero or unknown, so that a failed count never shows a wrong number.
import { MSG } from '@bridge-talk/contract';
import { Badge } from '@mantine/core';
import { useOpenReportCount } from '../api/reports.js';

export function OpenReportsBadge() {
  const count = useOpenReportCount();
  const open = count.data?.open ?? 0;
  if (open === 0) return null;
  return (
    <Badge color="red" variant="filled" size="sm" circle={open < 10} aria-label={MSG.reports.openCount(open)}>
      {open > 99 ? '99+' : open}
    </Badge>
  );
}

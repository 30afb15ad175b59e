// The count of families with an agreement item overdue or due soon, beside 'Agreements due' in the
// entity's side menu: nothing while it is zero or unknown, so that a failed count never shows a wrong
// number. Red while any is overdue, yellow while they are only due soon.
import { AGREEMENT_MSG } from '@bridge-talk/contract';
import { Badge } from '@mantine/core';
import { useAgreementsDueCount } from '../api/count-agreements-due.js';

export function AgreementsDueBadge() {
  const count = useAgreementsDueCount();
  const overdue = count.data?.overdue ?? 0;
  const due = overdue + (count.data?.dueSoon ?? 0);
  if (due === 0) return null;
  return (
    <Badge
      color={overdue > 0 ? 'red' : 'yellow'}
      // White on yellow is under 4.5:1: the library writes it in black instead.
      autoContrast
      variant="filled"
      size="sm"
      circle={due < 10}
      aria-label={AGREEMENT_MSG.dueCountLabel(due)}
    >
      {due > 99 ? '99+' : due}
    </Badge>
  );
}

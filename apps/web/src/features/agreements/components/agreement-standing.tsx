// Where a family stands with its contact agreement, in a few words with the colour of its state: the
// families list's column and the desk's 'Agreements due' show it alike.
import { AGREEMENT_MSG, type AgreementStandingView, formatDate } from '@bridge-talk/contract';
import { Text } from '@mantine/core';
import { StatusBadge } from '../../../shared/ui/status-badge.js';

const T = AGREEMENT_MSG;

/** `standing` null: the family has no agreement. */
export function AgreementStanding({ standing }: { standing: AgreementStandingView | null }) {
  if (!standing)
    return (
      <Text size="sm" c="dimmed">
        {T.noAgreement}
      </Text>
    );
  const { date } = standing;
  switch (standing.standing) {
    case 'overdue':
      return (
        <StatusBadge color="red">{date ? T.overdueSince(formatDate(date)) : T.filterOverdue}</StatusBadge>
      );
    case 'dueSoon':
      return <StatusBadge color="orange">{date ? T.dueOn(formatDate(date)) : T.filterDueSoon}</StatusBadge>;
    case 'ok':
      return <StatusBadge color="green">{T.onTrack}</StatusBadge>;
  }
}

// How an agreement's windows read on screen: where each item stands today, in words and in the colour
// of its state. What an item promises and how often is the catalogue's (AGREEMENT_MSG.itemTitle,
// itemSchedule), as the server's PDF report says it too.
import {
  AGREEMENT_MSG,
  type AgreementItem,
  type AgreementWindowState,
  type AgreementWindowView,
  formatDate,
} from '@bridge-talk/contract';
import type { MantineColor } from '@mantine/core';

const T = AGREEMENT_MSG;

export const STATE_COLOR: Record<AgreementWindowState, MantineColor> = {
  kept: 'green',
  late: 'yellow',
  missed: 'red',
  excused: 'gray',
  superseded: 'gray',
  open: 'blue',
  overdue: 'red',
};

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Where an item stands today, said in a few words with the colour of its state: a window still overdue
 * (a new one has begun, but the last is owed within its grace) before the one now open.
 */
export function itemStanding(
  item: Pick<AgreementItem, 'windows'>,
  today: string,
  reminderDays: number,
): { text: string; color: MantineColor; state: AgreementWindowState | null } {
  const shown = item.windows.find((window) => window.state === 'overdue') ?? item.windows.at(-1);
  if (!shown) return { text: T.notDueYet, color: 'gray', state: null };
  return {
    text: windowStanding(shown, today),
    color: standingColor(shown, today, reminderDays),
    state: shown.state,
  };
}

function standingColor(window: AgreementWindowView, today: string, reminderDays: number): MantineColor {
  // An open window is only worth an eye once its reminder has gone out.
  if (window.state === 'open') return daysBetween(today, window.due) <= reminderDays ? 'orange' : 'blue';
  return STATE_COLOR[window.state];
}

/** One window, as a sentence: 'Due in 3 days', 'Overdue since 03.01.2026', 'Kept on 02.14.2026'. */
export function windowStanding(window: AgreementWindowView, today: string): string {
  switch (window.state) {
    case 'open':
      return T.dueIn(daysBetween(today, window.due));
    case 'overdue':
      return T.overdueSince(formatDate(window.due));
    case 'kept':
      return T.keptOn(formatDate(window.givenOn ?? window.due));
    case 'late':
      return T.lateOn(formatDate(window.givenOn ?? window.due));
    case 'missed':
      return T.missedOn(formatDate(window.due));
    case 'excused':
      return T.excusedFor(formatDate(window.due));
    case 'superseded':
      return T.stateLabel('superseded');
  }
}

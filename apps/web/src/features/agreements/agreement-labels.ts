// How an agreement's items and windows read on screen: what is promised, how often, and where each
// item stands today.
import {
  type AgreementItem,
  type AgreementWindowState,
  type AgreementWindowView,
  formatDate,
  MSG,
} from '@bridge-talk/contract';
import type { MantineColor } from '@mantine/core';

const T = MSG.agreements;

/** 'MM-DD' as the portal writes a day of the year: mm.dd. */
const monthDay = (value: string) => value.replace('-', '.');

/** 'Photos — Birth family to Adoptive parents'. */
export function itemTitle(item: Pick<AgreementItem, 'kind' | 'giver' | 'receiver'>): string {
  return `${T.kindLabel(item.kind)} — ${T.direction(T.sideLabel(item.giver), T.sideLabel(item.receiver))}`;
}

/** 'Every 3 months from 01.15.2026, until the child is 5'. */
export function itemSchedule(item: Pick<AgreementItem, 'frequency' | 'until'>): string {
  const { frequency, until } = item;
  const how =
    frequency.type === 'everyMonths'
      ? `${T.everyMonths(frequency.months)} ${T.fromDate(formatDate(frequency.start))}`
      : frequency.type === 'yearlyDates'
        ? T.onDates(frequency.dates.map(monthDay).join(', '))
        : frequency.type === 'birthday'
          ? T.byBirthday
          : T.once(formatDate(frequency.date));
  if (!until) return how;
  return `${how}, ${until.type === 'date' ? T.untilDate(formatDate(until.date)) : T.untilAge(until.years)}`;
}

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

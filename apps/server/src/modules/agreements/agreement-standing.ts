// Where a family stands with its agreement, worked out from the current version's windows: what the
// families list, its filter and the desk show, which reminders and overdue alerts are due today, and
// the next day any of that can change by time alone (when the sweep looks again).
import {
  type AgreementItemKind,
  type AgreementResponse,
  type AgreementSide,
  type AgreementStanding,
  LATE_GRACE_DAYS,
} from '@bridge-talk/contract';
import { addDays } from './agreement-windows.js';

type Agreement = NonNullable<AgreementResponse['agreement']>;

interface DueItem {
  kind: AgreementItemKind;
  giver: AgreementSide;
  due: string;
}

/** A window a notice is about: the item and the window's due date. */
export interface NoticeWindow {
  itemId: string;
  kind: AgreementItemKind;
  giver: AgreementSide;
  due: string;
}

export interface Standing {
  standing: AgreementStanding;
  /** Overdue: the first due date still owed; due soon: the nearest due date; ok: the next one, if any. */
  date: string | null;
  /** What is overdue, then what is due soon, each oldest first. */
  dueItems: DueItem[];
  /** Open windows within the reminder days: their giving members are reminded. */
  reminders: NoticeWindow[];
  /** Windows past their due date with nothing given, still in their grace: the agency is alerted. */
  overdue: NoticeWindow[];
  /** The next day something here changes by time alone; null when nothing will. */
  checkOn: string | null;
}

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** Days from `from` to `to` (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

const byDue = (a: { due: string }, b: { due: string }) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0);

/**
 * The standing of an agreement as read today (`agreement.today`, in its zone). An item is owed when
 * its latest window past its due date came to nothing (overdue, or missed once its grace ran out) —
 * and it stays owed, since the first of those windows in a row, until one is kept, given late or
 * excused. It is due soon when its open window falls due within the agreement's reminder days.
 */
export function standingOf(agreement: Agreement): Standing {
  const { today, reminderDays } = agreement;
  const owed: DueItem[] = [];
  const soon: DueItem[] = [];
  const reminders: NoticeWindow[] = [];
  const overdue: NoticeWindow[] = [];
  const upcoming: string[] = [];
  const changes: string[] = [];
  for (const item of agreement.items) {
    const notice = (due: string) => ({ itemId: item.id, kind: item.kind, giver: item.giver, due });
    const past = item.windows.filter((window) => window.due < today);
    let owedSince: string | undefined;
    for (let index = past.length - 1; index >= 0; index -= 1) {
      const window = past[index]!;
      if (window.state !== 'overdue' && window.state !== 'missed') break;
      owedSince = window.due;
    }
    if (owedSince !== undefined) owed.push({ kind: item.kind, giver: item.giver, due: owedSince });
    for (const window of item.windows) {
      if (window.state === 'overdue') overdue.push(notice(window.due));
      if (window.state === 'open') {
        upcoming.push(window.due);
        if (daysBetween(today, window.due) <= reminderDays) {
          soon.push({ kind: item.kind, giver: item.giver, due: window.due });
          reminders.push(notice(window.due));
        }
      }
      // Where this window's reading moves: its reminder, the day after it is due, the end of its grace.
      changes.push(
        addDays(window.due, -reminderDays),
        addDays(window.due, 1),
        addDays(window.due, LATE_GRACE_DAYS + 1),
      );
    }
  }
  owed.sort(byDue);
  soon.sort(byDue);
  const later = changes.filter((day) => day > today).sort();
  const checkOn = later[0] ?? null;
  if (owed.length > 0)
    return {
      standing: 'overdue',
      date: owed[0]!.due,
      dueItems: [...owed, ...soon],
      reminders,
      overdue,
      checkOn,
    };
  if (soon.length > 0)
    return { standing: 'dueSoon', date: soon[0]!.due, dueItems: soon, reminders, overdue, checkOn };
  return { standing: 'ok', date: upcoming.sort()[0] ?? null, dueItems: [], reminders, overdue, checkOn };
}

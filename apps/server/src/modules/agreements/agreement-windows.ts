// The window arithmetic of a contact agreement: when each item is due, the window of days leading to
// each due date, and what each window came to from the dates the item was given.
//
// Everything here is calendar dates ('YYYY-MM-DD') in the agency's time zone: a message's instant
// becomes the date it was on there (`localDate`), and so does 'today'. Due dates are computed by rrule
// on those dates as floating days (UTC midnights), so a daylight-saving change never moves one; the
// zone matters only where an instant meets a date, and Intl does that.
//
// The windows of an item follow each other without gap or overlap: the first starts on the agreement
// version's first day (or the item's start), each next one the day after the last due date. So every
// day of the agreement, and every message, falls in exactly one window.
import {
  type AgreementFrequency,
  type AgreementUntil,
  type AgreementWindowState,
  addCalendarDays,
  formatContractDate,
  LATE_GRACE_DAYS,
} from '@bridge-talk/contract';
import rrule from 'rrule';

const { RRule, RRuleSet } = rrule;

/** A window of an item: the days from `from` to `due`, both included. */
export interface AgreementWindow {
  from: string;
  due: string;
  /**
   * Set when a new version of the agreement began inside this window: the window ends the day before
   * it (this date), and an item not given by then is superseded, not missed.
   */
  cutAt?: string;
}

export interface ItemSchedule {
  frequency: AgreementFrequency;
  until: AgreementUntil;
}

export interface VersionSpan {
  /** The version's first day. */
  from: string;
  /** The next version's first day, if there is one: this version's windows end before it. */
  nextFrom: string | null;
  /** The child's birth date, for birthdays and an end by the child's age. */
  childBirthDate: string | null;
}

/** The most windows computed for one item at once: monthly for 20 years and then some. */
const WINDOWS_MAX = 400;

const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (day: Date) => day.toISOString().slice(0, 10);

/** Calendar arithmetic on the dates the windows are made of. */
export const addDays = addCalendarDays;

/** The same day `years` later; 29 February becomes the 28th in a year without one. */
export function addYears(iso: string, years: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year + years, month - 1, day));
  // Date rolls 29 February over to 1 March in a common year: step back to the month's last day.
  return target.getUTCMonth() === month - 1
    ? isoOf(target)
    : isoOf(new Date(Date.UTC(year + years, month, 0)));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a date begins in the zone: its midnight, or on a day whose clocks skip midnight the
 * first moment it has. Two passes: the offset is the one in force at the answer, not at UTC midnight.
 */
export function startOfDayIn(iso: string, timeZone: string): Date {
  const midnight = Date.parse(`${iso}T00:00:00Z`);
  const first = midnight - zoneOffsetAt(midnight, timeZone);
  return new Date(midnight - zoneOffsetAt(first, timeZone));
}

/** The date an instant fell on in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  return formatContractDate(instant, timeZone);
}

/**
 * The days of the month a rule falls on for a wished day: the day itself, or for the 29th to 31st
 * the last of those the month has (with `bysetpos: -1`), so that the 31st falls on 30 April and on 28
 * or 29 February instead of skipping those months.
 */
function monthDays(day: number): { bymonthday: number[]; bysetpos?: number } {
  if (day <= 28) return { bymonthday: [day] };
  return { bymonthday: Array.from({ length: day - 27 }, (_, index) => 28 + index), bysetpos: -1 };
}

function yearlyRule(monthDay: string, dtstart: string) {
  const [month, day] = monthDay.split('-').map(Number) as [number, number];
  return new RRule({ freq: RRule.YEARLY, bymonth: [month], ...monthDays(day), dtstart: dayOf(dtstart) });
}

/** The rule of an item's due dates (its first occurrences may lie before the version: they are skipped). */
function dueRule(frequency: AgreementFrequency, span: VersionSpan) {
  const set = new RRuleSet();
  switch (frequency.type) {
    case 'everyMonths': {
      const day = Number(frequency.start.slice(8, 10));
      set.rrule(
        new RRule({
          freq: RRule.MONTHLY,
          interval: frequency.months,
          ...monthDays(day),
          dtstart: dayOf(frequency.start),
        }),
      );
      break;
    }
    case 'yearlyDates': {
      const yearStart = `${span.from.slice(0, 4)}-01-01`;
      for (const date of frequency.dates) set.rrule(yearlyRule(date, yearStart));
      break;
    }
    case 'birthday':
      if (span.childBirthDate) set.rrule(yearlyRule(span.childBirthDate.slice(5), span.childBirthDate));
      break;
    case 'once':
      set.rdate(dayOf(frequency.date));
      break;
  }
  return set;
}

/** The item's last possible due date, or null when it runs as long as the agreement. */
function lastDueOf(until: AgreementUntil, childBirthDate: string | null): string | null {
  if (!until) return null;
  if (until.type === 'date') return until.date;
  // Without the birth date an age cannot end anything: the agreement asks for it with such an item.
  return childBirthDate ? addYears(childBirthDate, until.years) : null;
}

/** The first day an item's windows may start: its start date, when later than the version's. */
function firstDayOf(schedule: ItemSchedule, span: VersionSpan): string {
  const { frequency } = schedule;
  if (frequency.type === 'everyMonths' && frequency.start > span.from) return frequency.start;
  return span.from;
}

/**
 * The item's windows from the version's first day, up to and including the one open on `through`
 * (or the last one, when the item ends before). A window whose due date lies past the next version's
 * first day is cut there, and is the last.
 */
export function itemWindows(schedule: ItemSchedule, span: VersionSpan, through: string): AgreementWindow[] {
  const first = firstDayOf(schedule, span);
  const lastDue = lastDueOf(schedule.until, span.childBirthDate);
  const rule = dueRule(schedule.frequency, span);
  const windows: AgreementWindow[] = [];
  let from = first;
  // An every-N-months item's start is its origin, not a due date: its first is N months later.
  const dayBefore = addDays(first, -1);
  const { frequency } = schedule;
  let cursor = dayOf(
    frequency.type === 'everyMonths' && frequency.start > dayBefore ? frequency.start : dayBefore,
  );
  while (windows.length < WINDOWS_MAX) {
    const next = rule.after(cursor, false);
    if (!next) break;
    const due = isoOf(next);
    if (lastDue !== null && due > lastDue) break;
    if (span.nextFrom !== null && due >= span.nextFrom) {
      if (from < span.nextFrom) windows.push({ from, due, cutAt: addDays(span.nextFrom, -1) });
      break;
    }
    windows.push({ from, due });
    if (due >= through) break;
    from = addDays(due, 1);
    cursor = next;
  }
  return windows;
}

export interface WindowOutcome extends AgreementWindow {
  state: AgreementWindowState;
  /** The date that fulfilled the window (kept or late). */
  givenOn?: string;
}

/** A caseworker's mark on a window, by its due date. */
export type WindowMark = { type: 'given'; givenOn: string } | { type: 'excused' };

/**
 * What each window came to, in order. `given` are the dates the item was given (from the family's
 * messages); `marks` the caseworker's, by due date, which decide their window before any message.
 *
 * A window is kept by a date inside it; else, once its due date has passed, a date in the
 * `LATE_GRACE_DAYS` after it makes it late — and that date is then spent: it does not also keep the
 * next window. Until the grace has passed a window not given is overdue, then missed. A window cut by
 * a new version and not given is superseded. Each window gets one state, each date fulfils at most one.
 */
export function windowOutcomes(
  windows: AgreementWindow[],
  given: readonly string[],
  marks: ReadonlyMap<string, WindowMark>,
  today: string,
): WindowOutcome[] {
  const dates = [...new Set(given)].sort();
  const spent = new Set<string>();
  const firstUnspent = (from: string, to: string) =>
    dates.find((date) => date >= from && date <= to && !spent.has(date));
  return windows.map((window): WindowOutcome => {
    const mark = marks.get(window.due);
    if (mark?.type === 'excused') return { ...window, state: 'excused' };
    if (mark?.type === 'given') {
      spent.add(mark.givenOn);
      const onTime = mark.givenOn <= (window.cutAt ?? window.due);
      return { ...window, state: onTime ? 'kept' : 'late', givenOn: mark.givenOn };
    }
    const inside = firstUnspent(window.from, window.cutAt ?? window.due);
    if (inside !== undefined) {
      spent.add(inside);
      return { ...window, state: 'kept', givenOn: inside };
    }
    if (window.cutAt) return { ...window, state: 'superseded' };
    if (today <= window.due) return { ...window, state: 'open' };
    const graceEnd = addDays(window.due, LATE_GRACE_DAYS);
    const late = firstUnspent(addDays(window.due, 1), graceEnd < today ? graceEnd : today);
    if (late !== undefined) {
      spent.add(late);
      return { ...window, state: 'late', givenOn: late };
    }
    return { ...window, state: today <= graceEnd ? 'overdue' : 'missed' };
  });
}

/** The last day a window's item may be marked given: its end, or for a window past due its grace. */
export function lastGivenDay(window: AgreementWindow): string {
  return window.cutAt ?? addDays(window.due, LATE_GRACE_DAYS);
}

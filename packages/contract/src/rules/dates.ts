/**
 * Date display: dates as mm.dd.yyyy, the terms' 'Last Update' as a full date, message
 * times as h:MM:ss TT, contract dates as YYYY-MM-DD. Built on Intl.DateTimeFormat, en-US.
 *
 * Time zones: an instant (a Date, or an ISO date-time string such as '2026-03-07T15:05:09Z') is shown
 * in `timeZone`, an IANA name such as 'America/New_York' or 'UTC'; left out, it is the runtime's
 * local zone, which in the browser is the user's. A date-only string 'YYYY-MM-DD' (contract dates) is
 * a calendar date, not an instant: it is shown as that same day in every zone, never shifted.
 * A value that is not a date formats as ''.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type DateInput = Date | string;

interface Resolved {
  date: Date;
  timeZone: string | undefined;
}

function resolve(input: DateInput, timeZone: string | undefined): Resolved | null {
  if (typeof input !== 'string') return Number.isNaN(input.getTime()) ? null : { date: input, timeZone };
  // Date would roll '2026-02-30' over to March 2, so the calendar part is checked first.
  const day = /^\d{4}-\d{2}-\d{2}/.exec(input)?.[0];
  if (day !== undefined && !isValidIsoDate(day)) return null;
  if (day === input) {
    // A calendar date: read and shown in UTC so that no zone moves it to a neighbouring day.
    return { date: new Date(`${input}T00:00:00Z`), timeZone: 'UTC' };
  }
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? null : { date, timeZone };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'numeric' | 'full' | 'time', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let cached = formatters.get(key);
  if (!cached) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'numeric'
        ? { year: 'numeric', month: '2-digit', day: '2-digit' }
        : kind === 'full'
          ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }
          : { hour: 'numeric', minute: '2-digit', second: '2-digit', hourCycle: 'h12' };
    cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

function parts(
  kind: 'numeric' | 'time',
  { date, timeZone }: Resolved,
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const result: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter(kind, timeZone).formatToParts(date)) result[part.type] = part.value;
  return result;
}

function ymd(resolved: Resolved): { year: string; month: string; day: string } {
  const { year = '', month = '', day = '' } = parts('numeric', resolved);
  return { year: year.padStart(4, '0'), month, day };
}

/** 'mm.dd.yyyy', e.g. '03.07.2026'. */
export function formatDate(input: DateInput, timeZone?: string): string {
  const resolved = resolve(input, timeZone);
  if (!resolved) return '';
  const { year, month, day } = ymd(resolved);
  return `${month}.${day}.${year}`;
}

/** The full date, e.g. 'Saturday, March 7, 2026'. */
export function formatFullDate(input: DateInput, timeZone?: string): string {
  const resolved = resolve(input, timeZone);
  return resolved ? formatter('full', resolved.timeZone).format(resolved.date) : '';
}

/** 'h:MM:ss TT', e.g. '3:05:09 PM' or '12:00:00 AM': hours not padded, a plain space before AM/PM. */
export function formatMessageTime(input: DateInput, timeZone?: string): string {
  const resolved = resolve(input, timeZone);
  if (!resolved) return '';
  const { hour = '', minute = '', second = '', dayPeriod = '' } = parts('time', resolved);
  return `${hour}:${minute}:${second} ${dayPeriod.toUpperCase()}`;
}

/** A date and a time, e.g. '03.07.2026 9:05:00 AM': when something happened, in lists and records. */
export function formatDateTime(input: DateInput, timeZone?: string): string {
  const date = formatDate(input, timeZone);
  return date ? `${date} ${formatMessageTime(input, timeZone)}` : '';
}

/** 'YYYY-MM-DD', the form contract dates are shown, typed and sent in. */
export function formatContractDate(input: DateInput, timeZone?: string): string {
  const resolved = resolve(input, timeZone);
  if (!resolved) return '';
  const { year, month, day } = ymd(resolved);
  return `${year}-${month}-${day}`;
}

/** Today as 'YYYY-MM-DD' in the zone, for rules such as "the start date is not later than today". */
export function todayIsoDate(timeZone?: string, now: Date = new Date()): string {
  return formatContractDate(now, timeZone);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar date written 'YYYY-MM-DD': '2026-02-28' is, '2026-02-30' and '2026-2-3' are not. */
export function isValidIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The calendar date `days` after (or before) a 'YYYY-MM-DD' date: no zone, no daylight saving. */
export function addCalendarDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

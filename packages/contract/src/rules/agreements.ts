// Contact agreements: the promises of an open adoption (letters and photos every few months, a visit a
// year…), each item due in windows that the portal counts from the family's messages and the
// caseworker's marks. The shapes and the constants both sides need; the window arithmetic is the
// server's (apps/server/src/modules/agreements/agreement-windows.ts).

/** What an item promises. Letters, photos and videos are counted from messages; the rest are marked. */
export const AGREEMENT_ITEM_KINDS = ['letter', 'photos', 'video', 'call', 'visit', 'gift', 'other'] as const;
export type AgreementItemKind = (typeof AGREEMENT_ITEM_KINDS)[number];

/** The kinds a message in the family's channels can fulfil, and how. */
export const COUNTED_KINDS: Readonly<Partial<Record<AgreementItemKind, 'text' | 'image' | 'video'>>> = {
  letter: 'text',
  photos: 'image',
  video: 'video',
};

/** Who gives, and who receives, an item. */
export const AGREEMENT_SIDES = ['adoptive', 'birth'] as const;
export type AgreementSide = (typeof AGREEMENT_SIDES)[number];

/**
 * A message counts as a letter or written update from this many characters of text (about three
 * sentences): 'ok thanks' is not the update an agreement promises.
 */
export const LETTER_MIN_LENGTH = 200;

/** Days before a due date when the giving members are reminded, unless the agreement says otherwise. */
export const REMINDER_DAYS_DEFAULT = 7;
export const REMINDER_DAYS_MAX = 60;

/**
 * Days after a due date during which an item given late still counts for its window, as 'late'. What
 * is given later belongs to the next window.
 */
export const LATE_GRACE_DAYS = 14;

/** The longest an item may run, in months between dues or years of the child's age. */
export const AGREEMENT_EVERY_MONTHS_MAX = 24;
export const AGREEMENT_CHILD_AGE_MAX = 21;
export const AGREEMENT_ITEMS_MAX = 20;
export const AGREEMENT_FIXED_DATES_MAX = 12;

/**
 * How often an item is due:
 * - every N months from a start date (the start's day of the month, or the month's last day when it
 *   has fewer days: 31 January, then 28 or 29 February, then 31 March);
 * - on fixed dates each year ('MM-DD'; 29 February falls on the 28th in other years);
 * - by the child's birthday each year (the same rule for a child born on 29 February);
 * - once, by a date.
 */
export type AgreementFrequency =
  | { type: 'everyMonths'; months: number; start: string }
  | { type: 'yearlyDates'; dates: string[] }
  | { type: 'birthday' }
  | { type: 'once'; date: string };

/** Until when an item runs: a date, or the child's age in years (the child's birth date is then asked). */
export type AgreementUntil = { type: 'date'; date: string } | { type: 'childAge'; years: number } | null;

/** What a window of an item came to, or is coming to. */
export const AGREEMENT_WINDOW_STATES = [
  'kept',
  'late',
  'missed',
  'excused',
  'superseded',
  'open',
  'overdue',
] as const;
export type AgreementWindowState = (typeof AGREEMENT_WINDOW_STATES)[number];

/**
 * Where a family stands with its agreement, as the families list, its filter and the desk show it:
 * an item owed (its due date passed with nothing given, and not excused), an item due within the
 * agreement's reminder days, or neither.
 */
export const AGREEMENT_STANDINGS = ['overdue', 'dueSoon', 'ok'] as const;
export type AgreementStanding = (typeof AGREEMENT_STANDINGS)[number];

/** The families list's agreement filter: a standing, or the families with no agreement. */
export const AGREEMENT_LIST_FILTERS = ['overdue', 'dueSoon', 'none'] as const;
export type AgreementListFilter = (typeof AGREEMENT_LIST_FILTERS)[number];

/** Rows of the desk's 'Agreements due' per page. */
export const AGREEMENTS_DUE_PAGE_SIZE = 20;

/** The first year the agency summary can be asked for: no agreement is older than the portal. */
export const AGREEMENT_SUMMARY_FIRST_YEAR = 2000;

/** The signed agreement attached to a version: a PDF or a picture, recognised from its bytes. */
export const AGREEMENT_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AgreementDocumentType = (typeof AGREEMENT_DOCUMENT_TYPES)[number];
export const AGREEMENT_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

// A family's contact agreement: its versions, each with its items, and the state of every item's
// windows (counted by the server from the family's messages and the caseworker's marks).
import { z } from 'zod';
import { MSG } from '../messages.js';
import { AGREEMENT_MSG } from '../messages-agreements.js';
import {
  AGREEMENT_CHILD_AGE_MAX,
  AGREEMENT_DOCUMENT_TYPES,
  AGREEMENT_EVERY_MONTHS_MAX,
  AGREEMENT_FIXED_DATES_MAX,
  AGREEMENT_ITEM_KINDS,
  AGREEMENT_ITEMS_MAX,
  AGREEMENT_SIDES,
  AGREEMENT_STANDINGS,
  AGREEMENT_SUMMARY_FIRST_YEAR,
  AGREEMENT_WINDOW_STATES,
  AGREEMENTS_DUE_PAGE_SIZE,
  REMINDER_DAYS_DEFAULT,
  REMINDER_DAYS_MAX,
} from '../rules/agreements.js';
import { isValidIsoDate } from '../rules/dates.js';

const T = AGREEMENT_MSG;
/** An item's note, and a mark's note or reason. */
export const AGREEMENT_NOTE_MAX = 500;

const ZCalendarDate = z.string(T.dateInvalid).refine(isValidIsoDate, T.dateInvalid);

/** 'MM-DD', any day a year can have (29 February included: it falls on the 28th in other years). */
const ZMonthDay = z
  .string(T.fixedDateInvalid)
  .refine((value) => /^\d{2}-\d{2}$/.test(value) && isValidIsoDate(`2024-${value}`), T.fixedDateInvalid);

const ZWholeNumber = (min: number, max: number, message: string) =>
  z.number(message).int(message).min(min, message).max(max, message);

const noteTooLong = MSG.validation.tooLong(MSG.fields.reviewNote, AGREEMENT_NOTE_MAX);
const ZNote = z.string(noteTooLong).trim().max(AGREEMENT_NOTE_MAX, noteTooLong);

export const ZAgreementFrequency = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('everyMonths'),
      months: ZWholeNumber(1, AGREEMENT_EVERY_MONTHS_MAX, T.everyMonthsRange(AGREEMENT_EVERY_MONTHS_MAX)),
      start: ZCalendarDate,
    }),
    z.object({
      type: z.literal('yearlyDates'),
      dates: z
        .array(ZMonthDay, T.fixedDatesRequired)
        .min(1, T.fixedDatesRequired)
        .max(AGREEMENT_FIXED_DATES_MAX, T.tooManyFixedDates(AGREEMENT_FIXED_DATES_MAX)),
    }),
    z.object({ type: z.literal('birthday') }),
    z.object({ type: z.literal('once'), date: ZCalendarDate }),
  ],
  T.kindRequired,
);

export const ZAgreementUntil = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('date'), date: ZCalendarDate }),
      z.object({
        type: z.literal('childAge'),
        years: ZWholeNumber(1, AGREEMENT_CHILD_AGE_MAX, T.childAgeRange(AGREEMENT_CHILD_AGE_MAX)),
      }),
    ],
    T.dateInvalid,
  )
  .nullable();

export const ZAgreementItemInput = z
  .object({
    kind: z.enum(AGREEMENT_ITEM_KINDS, T.kindRequired),
    giver: z.enum(AGREEMENT_SIDES, T.sidesDiffer),
    receiver: z.enum(AGREEMENT_SIDES, T.sidesDiffer),
    frequency: ZAgreementFrequency,
    until: ZAgreementUntil.default(null),
    note: ZNote.default(''),
  })
  .refine((item) => item.giver !== item.receiver, { message: T.sidesDiffer, path: ['receiver'] });
export type AgreementItemInput = z.input<typeof ZAgreementItemInput>;

/** A time zone the runtime knows (IANA), such as 'America/Chicago'. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Saving writes a new version from `effectiveFrom` (the first when there is none): the versions before
 * stay as they were, and their windows end the day before it.
 */
export const ZSaveAgreementRequest = z
  .object({
    effectiveFrom: ZCalendarDate,
    /** The agency's zone: a message counts on the date it was sent there. */
    timeZone: z.string(T.timeZoneInvalid).refine(isTimeZone, T.timeZoneInvalid),
    reminderDays: ZWholeNumber(1, REMINDER_DAYS_MAX, T.reminderDaysRange(REMINDER_DAYS_MAX)).default(
      REMINDER_DAYS_DEFAULT,
    ),
    childBirthDate: ZCalendarDate.nullable().default(null),
    items: z
      .array(ZAgreementItemInput, T.itemsRequired)
      .min(1, T.itemsRequired)
      .max(AGREEMENT_ITEMS_MAX, T.tooManyItems(AGREEMENT_ITEMS_MAX)),
  })
  .superRefine((agreement, ctx) => {
    if (agreement.childBirthDate !== null) return;
    const needsBirthDate = agreement.items.some(
      (item) => item.frequency.type === 'birthday' || item.until?.type === 'childAge',
    );
    if (needsBirthDate)
      ctx.addIssue({ code: 'custom', path: ['childBirthDate'], message: T.birthDateNeeded });
  });
export type SaveAgreementRequest = z.input<typeof ZSaveAgreementRequest>;

/** A caseworker's mark on one window of an item: given on a date (with who and a note), or excused. */
export const ZMarkAgreementWindowRequest = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('given'),
      itemId: z.uuid(T.windowUnknown),
      due: ZCalendarDate,
      date: ZCalendarDate,
      note: ZNote.default(''),
    }),
    z.object({
      type: z.literal('excused'),
      itemId: z.uuid(T.windowUnknown),
      due: ZCalendarDate,
      note: z
        .string(T.reasonRequired)
        .trim()
        .min(1, T.reasonRequired)
        .max(AGREEMENT_NOTE_MAX, MSG.validation.tooLong(MSG.fields.reopenReason, AGREEMENT_NOTE_MAX)),
    }),
  ],
  T.windowUnknown,
);
export type MarkAgreementWindowRequest = z.input<typeof ZMarkAgreementWindowRequest>;

// ─── Responses ────────────────────────────────────────────────────────────────────────────────────

const ZWindowState = z.enum(AGREEMENT_WINDOW_STATES);

export const ZAgreementWindow = z.object({
  from: z.string(),
  due: z.string(),
  /** The last day of a window a new version cut short. */
  cutAt: z.string().nullable(),
  state: ZWindowState,
  /** The date it was given (kept or late). */
  givenOn: z.string().nullable(),
  /** A caseworker's mark on it: what, when, by whom, with the note or reason. */
  mark: z
    .object({
      type: z.enum(['given', 'excused']),
      note: z.string(),
      by: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type AgreementWindowView = z.infer<typeof ZAgreementWindow>;

export const ZAgreementItem = z.object({
  id: z.uuid(),
  kind: z.enum(AGREEMENT_ITEM_KINDS),
  giver: z.enum(AGREEMENT_SIDES),
  receiver: z.enum(AGREEMENT_SIDES),
  frequency: ZAgreementFrequency,
  until: ZAgreementUntil,
  note: z.string(),
  /** Counted from messages (letters, photos, videos) or marked by hand (the rest). */
  counted: z.boolean(),
  /** The windows so far, oldest first; the last is the one open now, if the item still runs. */
  windows: z.array(ZAgreementWindow),
});
export type AgreementItem = z.infer<typeof ZAgreementItem>;

export const ZAgreementVersionSummary = z.object({
  version: z.number().int(),
  effectiveFrom: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});

/** The signed agreement of a version, as attached: never its address, only how to ask for it. */
export const ZAgreementDocument = z.object({
  fileName: z.string(),
  contentType: z.enum(AGREEMENT_DOCUMENT_TYPES),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
});
export type AgreementDocument = z.infer<typeof ZAgreementDocument>;

export const ZAgreementResponse = z.object({
  /** Null: the family has no agreement yet. */
  agreement: z
    .object({
      version: z.number().int(),
      /** The signed agreement attached to this version, if any. */
      document: ZAgreementDocument.nullable(),
      effectiveFrom: z.string(),
      /** The day after which this version gave way to a newer one; null for the current. */
      endsBefore: z.string().nullable(),
      timeZone: z.string(),
      reminderDays: z.number().int(),
      childBirthDate: z.string().nullable(),
      items: z.array(ZAgreementItem),
      /** Today in the agreement's zone: what the states were worked out against. */
      today: z.string(),
    })
    .nullable(),
  /** Every version, newest first. */
  versions: z.array(ZAgreementVersionSummary),
});
export type AgreementResponse = z.infer<typeof ZAgreementResponse>;

export const ZAgreementQuery = z.object({
  /** A past version to read; the current one when left out. */
  version: z.coerce.number(T.versionUnknown).int(T.versionUnknown).min(1, T.versionUnknown).optional(),
});

/** A period of the agreement report: from and to, both included. */
export const ZAgreementReportQuery = z
  .object({
    from: ZCalendarDate,
    to: ZCalendarDate,
    /** CSV for a spreadsheet; PDF with a fingerprint the verify page checks. */
    format: z.enum(['csv', 'pdf'], T.reportFormatUnknown).default('csv'),
  })
  .refine((period) => period.from <= period.to, { message: T.periodBackwards, path: ['to'] });
export type AgreementReportQuery = z.input<typeof ZAgreementReportQuery>;

export const ZAgreementParams = z.object({ groupId: z.uuid(MSG.extra.notFound) });

/** A family's standing with its agreement: 'overdue' since a date, 'dueSoon' on one, 'ok' until the next. */
export const ZAgreementStandingView = z.object({
  standing: z.enum(AGREEMENT_STANDINGS),
  /** Overdue: the first due date still owed; due soon: the due date; ok: the next due date, if any. */
  date: z.string().nullable(),
});
export type AgreementStandingView = z.infer<typeof ZAgreementStandingView>;

/** GET /agreements/due: the families with an item overdue or due soon, overdue first, oldest first. */
export const ZAgreementsDueQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(AGREEMENTS_DUE_PAGE_SIZE),
});
export type AgreementsDueQuery = z.input<typeof ZAgreementsDueQuery>;

export const ZAgreementDueFamily = z.object({
  groupId: z.string(),
  familyName: z.string(),
  standing: z.enum(['overdue', 'dueSoon']),
  date: z.string(),
  /** What is owed or due: the items' kinds, giving side and due date. */
  items: z.array(
    z.object({ kind: z.enum(AGREEMENT_ITEM_KINDS), giver: z.enum(AGREEMENT_SIDES), due: z.string() }),
  ),
});
export type AgreementDueFamily = z.infer<typeof ZAgreementDueFamily>;

export const ZAgreementsDueResponse = z.object({
  result: z.array(ZAgreementDueFamily),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AgreementsDueResponse = z.infer<typeof ZAgreementsDueResponse>;

/** GET /agreements/due/count: the side menu's badge. */
export const ZAgreementsDueCountResponse = z.object({ overdue: z.number().int(), dueSoon: z.number().int() });
export type AgreementsDueCountResponse = z.infer<typeof ZAgreementsDueCountResponse>;

/** GET /agreements/summary: a calendar year of the agency's agreements. */
export const ZAgreementsSummaryQuery = z.object({
  year: z.coerce
    .number(T.summaryYearInvalid)
    .int(T.summaryYearInvalid)
    .min(AGREEMENT_SUMMARY_FIRST_YEAR, T.summaryYearInvalid)
    .max(9999, T.summaryYearInvalid),
});
export type AgreementsSummaryQuery = z.input<typeof ZAgreementsSummaryQuery>;

/** What a year's windows came to: due (all of them), kept on time, late, missed, excused, still open. */
export const ZAgreementTally = z.object({
  windows: z.number().int(),
  kept: z.number().int(),
  late: z.number().int(),
  missed: z.number().int(),
  excused: z.number().int(),
  open: z.number().int(),
});
export type AgreementTally = z.infer<typeof ZAgreementTally>;

export const ZAgreementsSummaryResponse = z.object({
  year: z.number().int(),
  /** Families with an agreement in force for some of the year. */
  families: z.number().int(),
  totals: ZAgreementTally,
  /** Each of those families, the most missed first, then by name. */
  rows: z.array(ZAgreementTally.extend({ groupId: z.string(), familyName: z.string() })),
});
export type AgreementsSummaryResponse = z.infer<typeof ZAgreementsSummaryResponse>;

/**
 * PUT /test/clock (only on a server started with TEST_CLOCK=true): the day the agreements count from,
 * for journeys that let time pass; null goes back to the real clock.
 */
export const ZTestClockRequest = z.object({ now: z.iso.datetime().nullable() });
export const ZTestClockResponse = z.object({ now: z.string() });

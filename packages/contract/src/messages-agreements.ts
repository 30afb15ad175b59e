// Contact agreements (not in the spec): what a family's agreement promises, its windows and marks.
// A catalogue of its own (AGREEMENT_MSG), beside MSG.
import type { AgreementItemKind, AgreementSide, AgreementWindowState } from './rules/agreements.js';
import { formatDate } from './rules/dates.js';

const KIND_LABELS: Record<AgreementItemKind, string> = {
  letter: 'Letter or written update',
  photos: 'Photos',
  video: 'Video',
  call: 'Call',
  visit: 'Visit',
  gift: 'Gift or card',
  other: 'Other',
};

const SIDE_LABELS: Record<AgreementSide, string> = {
  adoptive: 'Adoptive parents',
  birth: 'Birth family',
};

const STATE_LABELS: Record<AgreementWindowState, string> = {
  kept: 'Kept',
  late: 'Late',
  missed: 'Missed',
  excused: 'Excused',
  superseded: 'Replaced by a new version',
  open: 'Due',
  overdue: 'Overdue',
};

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/** 'MM-DD' as the portal writes a day of the year: mm.dd. */
const monthDay = (value: string) => value.replace('-', '.');

/** How often an item is due and until when, as the agreement's screens and its report say it. */
export interface AgreementItemSchedule {
  frequency:
    | { type: 'everyMonths'; months: number; start: string }
    | { type: 'yearlyDates'; dates: string[] }
    | { type: 'birthday' }
    | { type: 'once'; date: string };
  until: { type: 'date'; date: string } | { type: 'childAge'; years: number } | null;
}

const direction = (from: string, to: string) => `${from} to ${to}`;

function itemSchedule({ frequency, until }: AgreementItemSchedule): string {
  const how =
    frequency.type === 'everyMonths'
      ? `${frequency.months === 1 ? 'Every month' : `Every ${frequency.months} months`} from ${formatDate(frequency.start)}`
      : frequency.type === 'yearlyDates'
        ? `Each year on ${frequency.dates.map(monthDay).join(', ')}`
        : frequency.type === 'birthday'
          ? "By the child's birthday each year"
          : `Once, by ${formatDate(frequency.date)}`;
  if (!until) return how;
  return `${how}, ${until.type === 'date' ? `until ${formatDate(until.date)}` : `until the child is ${until.years}`}`;
}

/**
 * AGREEMENT_MSG' place: a catalogue of its own, outside MSG, so that only the screens of agreements
 * (and the server) load it — not the sign-in page, whose bundle holds MSG whole.
 */
export const AGREEMENT_MSG = {
  /** The family page's section and its link. */
  title: 'Contact agreement',
  kindLabel: (kind: AgreementItemKind) => KIND_LABELS[kind],
  sideLabel: (side: AgreementSide) => SIDE_LABELS[side],
  stateLabel: (state: AgreementWindowState) => STATE_LABELS[state],
  intro:
    'What the family promised each other, and whether it is kept: letters, photos and videos count from the messages in their channels; calls, visits and the rest are marked here.',
  none: 'No contact agreement yet.',
  write: 'Write the agreement',
  open: 'Open the agreement',
  edit: 'Change the agreement',
  direction,
  dueIn: (days: number) => (days === 0 ? 'Due today' : `Due in ${plural(days, 'day', 'days')}`),
  overdueSince: (date: string) => `Overdue since ${date}`,
  keptOn: (date: string) => `Kept on ${date}`,
  lateOn: (date: string) => `Given late, on ${date}`,
  missedOn: (date: string) => `Missed (due ${date})`,
  excusedFor: (date: string) => `Excused (due ${date})`,
  notDueYet: 'Not due yet',
  nextDue: (date: string) => `Next due ${date}`,
  /** 'Photos — Birth family to Adoptive parents'. */
  itemTitle: (item: { kind: AgreementItemKind; giver: AgreementSide; receiver: AgreementSide }) =>
    `${KIND_LABELS[item.kind]} — ${direction(SIDE_LABELS[item.giver], SIDE_LABELS[item.receiver])}`,
  /** 'Every 3 months from 01.15.2026, until the child is 5'. */
  itemSchedule,
  // The agreement's page.
  versionLabel: 'Version',
  versionOption: (version: number, from: string) => `Version ${version}, from ${from}`,
  versionCurrent: (version: number, from: string) => `Version ${version}, from ${from} (current)`,
  pastVersionNote: (until: string) =>
    `This version gave way to a newer one on ${until}; its windows are history.`,
  countedNote: 'Counted from the messages',
  markedNote: 'Marked by the caseworker',
  timeZoneNote: (zone: string) => `Dates in ${zone}.`,
  reminderNote: (days: number) =>
    `Members are reminded ${days === 1 ? '1 day' : `${days} days`} before each due date.`,
  columnWindow: 'Window',
  columnDue: 'Due',
  columnState: 'State',
  columnGiven: 'Given on',
  columnMark: 'Note',
  windowRange: (from: string, to: string) => `${from} – ${to}`,
  markGiven: 'Mark given',
  excuse: 'Excuse',
  markGivenTitle: 'Mark this window given',
  excuseTitle: 'Excuse this window',
  givenDateLabel: 'Given on',
  givenNoteLabel: 'Note (who, what)',
  excuseReasonLabel: 'Reason',
  markedBy: (name: string, date: string) => `${name}, ${date}`,
  noWindows: 'No window has begun yet.',
  // The form.
  effectiveFromLabel: 'In force from',
  effectiveFromHint: 'A change starts a new version from this day; the versions before stay as they were.',
  timeZoneLabel: "Agency's time zone",
  reminderDaysLabel: 'Remind members this many days before a due date',
  childBirthDateLabel: "Child's birth date",
  childBirthDateHint: 'Needed for items due on the birthday or ending at an age.',
  itemHeading: (n: number) => `Item ${n}`,
  kindField: 'What',
  giverField: 'Given by',
  receiverField: 'To',
  frequencyField: 'How often',
  frequencyEveryMonths: 'Every few months',
  frequencyYearlyDates: 'On dates each year',
  frequencyBirthday: "By the child's birthday",
  frequencyOnce: 'Once',
  monthsField: 'Every how many months',
  startField: 'Counted from',
  datesField: 'Dates in the year (MM-DD, separated by commas)',
  onceDateField: 'By',
  untilField: 'Until',
  untilNone: 'As long as the agreement',
  untilDateOption: 'A date',
  untilAgeOption: "The child's age",
  untilDateField: 'Until (date)',
  untilAgeField: "Until the child's age (years)",
  noteField: 'Note',
  addItem: 'Add an item',
  removeItem: (n: number) => `Remove item ${n}`,
  // Validation, each said where the field is.
  itemsRequired: 'Add at least one item to the agreement.',
  tooManyItems: (max: number) => `An agreement holds at most ${max} items.`,
  kindRequired: 'Choose what is promised.',
  sidesDiffer: 'An item is given by one side to the other.',
  everyMonthsRange: (max: number) => `Every how many months: a whole number from 1 to ${max}.`,
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  fixedDatesRequired: 'Add at least one date in the year.',
  fixedDateInvalid: 'Enter each date in the year as MM-DD, such as 12-25.',
  tooManyFixedDates: (max: number) => `At most ${max} dates in the year.`,
  childAgeRange: (max: number) => `The child's age: a whole number from 1 to ${max}.`,
  birthDateNeeded: "The child's birth date is needed for an item due on the birthday or ending at an age.",
  birthDateNotFuture: "The child's birth date cannot be in the future.",
  untilBeforeStart: 'The item would end before its first due date.',
  reminderDaysRange: (max: number) => `Remind members between 1 and ${max} days before a due date.`,
  timeZoneInvalid: 'Choose a time zone from the list.',
  effectiveFromNotAfter: (date: string) =>
    `A new version starts after the current one, which began on ${date}.`,
  // Marks on a window.
  reasonRequired: 'Say why this window is excused.',
  windowUnknown: 'This window is not one of the item’s.',
  versionUnknown: 'This version of the agreement does not exist.',
  givenOutsideWindow: (from: string, to: string) => `The date must be from ${from} to ${to}.`,
  givenInFuture: 'The date cannot be in the future.',
  alreadyMarked: 'This window is already marked.',
  alreadyKept: 'This window is already kept: there is nothing to mark.',
  // The report.
  reportTitle: 'Agreement report',
  reportIntro: 'Every window due in the period, in every version, with what it came to (no message text).',
  reportFrom: 'From',
  reportTo: 'To',
  reportDownload: 'Download CSV',
  reportDownloadPdf: 'Download PDF',
  reportFormatUnknown: 'Choose the report as CSV or PDF.',
  /** Under the form once a PDF was issued: its fingerprint and where anyone can check it. */
  reportIssued: (fileName: string) => `${fileName} was issued. Its fingerprint (SHA-256):`,
  reportCheckLink: 'Check it on the verify page',
  reportPdfTitle: 'Contact agreement report',
  reportPdfFileName: (family: string, from: string, to: string) =>
    `Contact agreement ${family} ${from} to ${to}.pdf`,
  reportPdfPeriod: (from: string, to: string) => `${from} to ${to}`,
  reportPdfNoWindows: 'No window of this item is due in the period.',
  reportPdfNoAgreement: 'The family has no contact agreement.',
  reportPdfTotals: (t: {
    windows: number;
    kept: number;
    late: number;
    missed: number;
    excused: number;
    open: number;
  }) =>
    `${plural(t.windows, 'window', 'windows')} due: ${t.kept} kept, ${t.late} late, ${t.missed} missed, ${t.excused} excused, ${t.open} still open.`,
  reportPdfVersion: (version: number, from: string, until: string | null) =>
    until ? `Version ${version}, in force ${from} to ${until}` : `Version ${version}, in force from ${from}`,
  reportPdfCheck: (verifyUrl: string) =>
    `Dates are in the agreement's time zone. Windows are counted from the family's messages (never their text) and the caseworker's marks. Anyone holding this file can check that the Bridge Talk portal issued it, and when, by its SHA-256 fingerprint at ${verifyUrl}.`,
  periodBackwards: 'The end of the period must not be before its start.',
  reportFileName: (family: string, from: string, to: string) =>
    `Contact agreement ${family} ${from} to ${to}.csv`,
  reportColumns: [
    'Version',
    'Item',
    'Given by',
    'To',
    'Window from',
    'Window to',
    'Due',
    'State',
    'Given on',
    'Marked by',
    'Note',
  ],
  // The signed agreement.
  documentTitle: 'Signed agreement',
  documentNone: 'No signed agreement is attached to this version.',
  documentAttach: 'Attach the signed agreement',
  documentReplace: 'Replace the file',
  documentDownload: 'Download',
  documentHint: 'A PDF or a picture (JPEG or PNG) of the signed agreement, at most 20 MB.',
  documentTypeNotAllowed: 'The signed agreement must be a PDF or a picture (JPEG or PNG).',
  documentTooLarge: 'The file is too large: at most 20 MB.',
  documentNoAgreement: 'Write the agreement before attaching its signed copy.',
  documentMissing: 'Choose the file of the signed agreement.',
  documentAttached: 'Signed agreement attached.',
  documentUploaded: (name: string | null, date: string) =>
    name ? `Attached by ${name} on ${date}` : `Attached on ${date}`,
  // The agency's yearly summary.
  summaryTitle: 'Agreements by year',
  summaryIntro:
    "What the agency's contact agreements came to in a calendar year, for its annual reporting: every window due in the year, in every family and version.",
  summaryYear: 'Year',
  summaryYearInvalid: 'Choose a year from the list.',
  summaryFamilies: 'Families with an agreement',
  summaryWindows: 'Items due',
  summaryKept: 'Kept on time',
  summaryLate: 'Late',
  summaryMissed: 'Missed',
  summaryExcused: 'Excused',
  summaryOpen: 'Still open',
  summaryNone: (year: number) => `No family had a contact agreement in force in ${year}.`,
  summaryLoadFailed: 'The summary could not be loaded.',
  summaryDownload: 'Download CSV',
  summaryFileName: (entity: string, year: number) => `Contact agreements ${entity} ${year}.csv`,
  summaryColumns: ['Family', 'Items due', 'Kept on time', 'Late', 'Missed', 'Excused', 'Still open'],
  summaryTotalRow: 'All families',
  summaryLink: 'Agreements by year',
  // The families list and its filter.
  listColumn: 'Agreement',
  filterLabel: 'Agreement',
  filterAll: 'All families',
  filterOverdue: 'Overdue',
  filterDueSoon: 'Due soon',
  filterNone: 'No agreement',
  filterUnknown: 'Choose the agreement filter from its list: overdue, due soon or no agreement.',
  dueOn: (date: string) => `Due ${date}`,
  onTrack: 'On track',
  noAgreement: 'None',
  // The desk's 'Agreements due'.
  dueTitle: 'Agreements due',
  dueIntro:
    'Families whose contact agreement has an item overdue or due soon, overdue first. Open one to mark what was given or excuse a window.',
  dueCountLabel: (count: number) =>
    count === 1 ? '1 agreement overdue or due soon' : `${count} agreements overdue or due soon`,
  noneDue: 'No agreement has an item overdue or due soon.',
  columnFamily: 'Family',
  columnStanding: 'Standing',
  columnItems: 'Items',
  dueItem: (what: string, side: string, due: string) => `${what} from ${side}, due ${due}`,
  dueLoadFailed: 'The agreements due could not be loaded.',
  testClockOff: 'This server keeps the real time.',
  unnamedFamily: 'A family not yet named',
  // Answers.
  saved: 'Contact agreement saved.',
  marked: 'Marked.',
} as const;

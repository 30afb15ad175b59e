// Contact agreements (not in the spec): what a family's agreement promises, its windows and marks.
// Part of the catalogue (MSG.agreements).
import type { AgreementItemKind, AgreementSide, AgreementWindowState } from './rules/agreements.js';

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

export const AGREEMENT_TEXTS = {
  agreements: {
    /** The family page's section and its link. */
    title: 'Contact agreement',
    kindLabel: (kind: AgreementItemKind) => KIND_LABELS[kind],
    sideLabel: (side: AgreementSide) => SIDE_LABELS[side],
    stateLabel: (state: AgreementWindowState) => STATE_LABELS[state],
    everyMonths: (months: number) => (months === 1 ? 'Every month' : `Every ${months} months`),
    onDates: (dates: string) => `Each year on ${dates}`,
    byBirthday: "By the child's birthday each year",
    once: (date: string) => `Once, by ${date}`,
    untilDate: (date: string) => `until ${date}`,
    untilAge: (years: number) => `until the child is ${years}`,
    dueIn: (days: number) => (days === 0 ? 'Due today' : `Due in ${plural(days, 'day', 'days')}`),
    overdueSince: (date: string) => `Overdue since ${date}`,
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
    // Answers.
    saved: 'Contact agreement saved.',
    marked: 'Marked.',
  },
} as const;

// The agreement form's values (what the fields hold, all text) and the request they make, both ways,
// and where a refusal of the request's field is shown on the form.
import {
  type AgreementItem,
  type AgreementItemKind,
  type AgreementResponse,
  type AgreementSide,
  addCalendarDays,
  REMINDER_DAYS_DEFAULT,
  type SaveAgreementRequest,
} from '@bridge-talk/contract';

type FrequencyType = 'everyMonths' | 'yearlyDates' | 'birthday' | 'once';
type UntilType = 'none' | 'date' | 'childAge';

export interface ItemFormValues {
  kind: AgreementItemKind;
  giver: AgreementSide;
  frequencyType: FrequencyType;
  months: string;
  start: string;
  /** Days of the year as typed: 'MM-DD', separated by commas. */
  dates: string;
  onceDate: string;
  untilType: UntilType;
  untilDate: string;
  untilAge: string;
  note: string;
}

export interface AgreementFormValues {
  effectiveFrom: string;
  timeZone: string;
  reminderDays: string;
  childBirthDate: string;
  items: ItemFormValues[];
}

/** There are two sides: an item goes from one to the other. */
export const otherSide = (side: AgreementSide): AgreementSide => (side === 'adoptive' ? 'birth' : 'adoptive');

/** A number as typed: a whole number, or NaN (which the request's schema refuses with its message). */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

export function newItem(today: string): ItemFormValues {
  return {
    kind: 'photos',
    giver: 'adoptive',
    frequencyType: 'everyMonths',
    months: '3',
    start: today,
    dates: '',
    onceDate: '',
    untilType: 'none',
    untilDate: '',
    untilAge: '',
    note: '',
  };
}

function itemRequest(item: ItemFormValues): SaveAgreementRequest['items'][number] {
  const frequency =
    item.frequencyType === 'everyMonths'
      ? { type: 'everyMonths' as const, months: wholeNumber(item.months), start: item.start }
      : item.frequencyType === 'yearlyDates'
        ? {
            type: 'yearlyDates' as const,
            dates: item.dates
              .split(',')
              .map((date) => date.trim())
              .filter(Boolean),
          }
        : item.frequencyType === 'birthday'
          ? { type: 'birthday' as const }
          : { type: 'once' as const, date: item.onceDate };
  const until =
    item.untilType === 'date'
      ? { type: 'date' as const, date: item.untilDate }
      : item.untilType === 'childAge'
        ? { type: 'childAge' as const, years: wholeNumber(item.untilAge) }
        : null;
  return {
    kind: item.kind,
    giver: item.giver,
    receiver: otherSide(item.giver),
    frequency,
    until,
    note: item.note,
  };
}

export function toRequest(values: AgreementFormValues): SaveAgreementRequest {
  return {
    effectiveFrom: values.effectiveFrom,
    timeZone: values.timeZone,
    reminderDays: wholeNumber(values.reminderDays),
    childBirthDate: values.childBirthDate === '' ? null : values.childBirthDate,
    items: values.items.map(itemRequest),
  };
}

function itemValues(item: AgreementItem, today: string): ItemFormValues {
  const values = { ...newItem(today), kind: item.kind, giver: item.giver, note: item.note };
  const { frequency, until } = item;
  if (frequency.type === 'everyMonths')
    Object.assign(values, {
      frequencyType: 'everyMonths',
      months: String(frequency.months),
      start: frequency.start,
    });
  if (frequency.type === 'yearlyDates')
    Object.assign(values, { frequencyType: 'yearlyDates', dates: frequency.dates.join(', ') });
  if (frequency.type === 'birthday') values.frequencyType = 'birthday';
  if (frequency.type === 'once') Object.assign(values, { frequencyType: 'once', onceDate: frequency.date });
  if (until?.type === 'date') Object.assign(values, { untilType: 'date', untilDate: until.date });
  if (until?.type === 'childAge')
    Object.assign(values, { untilType: 'childAge', untilAge: String(until.years) });
  return values;
}

/**
 * The form's start: the current version's items, in force from today (or the day after the current
 * version began, when that is later: a new version starts after it), or one item of photos.
 */
export function initialValues(
  current: AgreementResponse['agreement'],
  today: string,
  browserZone: string,
): AgreementFormValues {
  if (!current) {
    return {
      effectiveFrom: today,
      timeZone: browserZone,
      reminderDays: String(REMINDER_DAYS_DEFAULT),
      childBirthDate: '',
      items: [newItem(today)],
    };
  }
  const dayAfter = addCalendarDays(current.effectiveFrom, 1);
  return {
    effectiveFrom: dayAfter > today ? dayAfter : today,
    timeZone: current.timeZone,
    reminderDays: String(current.reminderDays),
    childBirthDate: current.childBirthDate ?? '',
    items: current.items.map((item) => itemValues(item, today)),
  };
}

/**
 * The form field where a refusal of a request's field is shown: 'items.0.frequency.months' is the
 * item's months, 'items.0.until' (it would end before it begins) its end, and so on.
 */
export function formFieldOf(requestField: string, values: AgreementFormValues): string | null {
  const item = /^items\.(\d+)\.(.+)$/.exec(requestField);
  if (!item) {
    return ['effectiveFrom', 'timeZone', 'reminderDays', 'childBirthDate'].includes(requestField)
      ? requestField
      : null;
  }
  const [, index, rest = ''] = item;
  const field =
    rest === 'frequency.months'
      ? 'months'
      : rest === 'frequency.start'
        ? 'start'
        : rest.startsWith('frequency.dates')
          ? 'dates'
          : rest === 'frequency.date'
            ? 'onceDate'
            : rest === 'until'
              ? values.items[Number(index)]?.untilType === 'childAge'
                ? 'untilAge'
                : 'untilDate'
              : rest === 'until.date'
                ? 'untilDate'
                : rest === 'until.years'
                  ? 'untilAge'
                  : rest === 'kind' || rest === 'note'
                    ? rest
                    : rest === 'giver' || rest === 'receiver'
                      ? 'giver'
                      : null;
  return field ? `items.${index}.${field}` : null;
}

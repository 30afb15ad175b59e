import { LATE_GRACE_DAYS } from '@bridge-talk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AgreementWindow,
  addDays,
  addYears,
  type ItemSchedule,
  itemWindows,
  localDate,
  type VersionSpan,
  type WindowMark,
  windowOutcomes,
} from './agreement-windows.js';

const span = (from: string, extra: Partial<VersionSpan> = {}): VersionSpan => ({
  from,
  nextFrom: null,
  childBirthDate: null,
  ...extra,
});
const dues = (windows: AgreementWindow[]) => windows.map((window) => window.due);

describe('due dates', () => {
  it('every month from the 31st falls on each month’s last day, 29 February in a leap year', () => {
    const schedule: ItemSchedule = {
      frequency: { type: 'everyMonths', months: 1, start: '2027-12-31' },
      until: null,
    };
    expect(dues(itemWindows(schedule, span('2027-12-31'), '2028-05-01'))).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
    ]);
    // The 30th: 28 February in a common year, then back to the 30th.
    const thirtieth: ItemSchedule = {
      frequency: { type: 'everyMonths', months: 1, start: '2027-01-30' },
      until: null,
    };
    expect(dues(itemWindows(thirtieth, span('2027-01-30'), '2027-03-01'))).toEqual([
      '2027-02-28',
      '2027-03-30',
    ]);
  });

  it('every three months: the windows follow each other from the start, the first ending three months later', () => {
    const schedule: ItemSchedule = {
      frequency: { type: 'everyMonths', months: 3, start: '2026-01-15' },
      until: null,
    };
    expect(itemWindows(schedule, span('2026-01-01'), '2026-07-15')).toEqual([
      { from: '2026-01-15', due: '2026-04-15' },
      { from: '2026-04-16', due: '2026-07-15' },
    ]);
    // Written later than the start: the windows before the agreement are not counted.
    expect(itemWindows(schedule, span('2026-05-01'), '2026-08-01')).toEqual([
      { from: '2026-05-01', due: '2026-07-15' },
      { from: '2026-07-16', due: '2026-10-15' },
    ]);
  });

  it('a fixed date of 29 February falls on the 28th in other years', () => {
    const schedule: ItemSchedule = {
      frequency: { type: 'yearlyDates', dates: ['02-29', '08-01'] },
      until: null,
    };
    expect(dues(itemWindows(schedule, span('2026-06-01'), '2028-03-01'))).toEqual([
      '2026-08-01',
      '2027-02-28',
      '2027-08-01',
      '2028-02-29',
      '2028-08-01',
    ]);
  });

  it('a child born on 29 February: a birthday each year, and an end by age on the 28th', () => {
    const schedule: ItemSchedule = { frequency: { type: 'birthday' }, until: { type: 'childAge', years: 5 } };
    const windows = itemWindows(schedule, span('2024-06-01', { childBirthDate: '2024-02-29' }), '2035-01-01');
    expect(dues(windows)).toEqual(['2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29', '2029-02-28']);
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    // Without the birth date there is no birthday to count.
    expect(itemWindows(schedule, span('2024-06-01'), '2030-01-01')).toEqual([]);
  });

  it('once: one window, from the agreement to the date; an end date stops a recurring item', () => {
    expect(
      itemWindows(
        { frequency: { type: 'once', date: '2026-09-01' }, until: null },
        span('2026-03-01'),
        '2027-01-01',
      ),
    ).toEqual([{ from: '2026-03-01', due: '2026-09-01' }]);
    const ending: ItemSchedule = {
      frequency: { type: 'everyMonths', months: 6, start: '2026-01-01' },
      until: { type: 'date', date: '2027-06-30' },
    };
    expect(dues(itemWindows(ending, span('2026-01-01'), '2030-01-01'))).toEqual(['2026-07-01', '2027-01-01']);
  });

  it('stops at the window open on the day asked, whatever the day', () => {
    const schedule: ItemSchedule = {
      frequency: { type: 'everyMonths', months: 1, start: '2026-01-10' },
      until: null,
    };
    expect(dues(itemWindows(schedule, span('2026-01-10'), '2026-03-10'))).toEqual([
      '2026-02-10',
      '2026-03-10',
    ]);
    expect(dues(itemWindows(schedule, span('2026-01-10'), '2026-03-11'))).toEqual([
      '2026-02-10',
      '2026-03-10',
      '2026-04-10',
    ]);
  });

  it('an agreement changed mid-window: the old window is cut the day before, the new version counts from its first day', () => {
    const schedule: ItemSchedule = {
      frequency: { type: 'everyMonths', months: 3, start: '2026-01-01' },
      until: null,
    };
    const old = itemWindows(schedule, span('2026-01-01', { nextFrom: '2026-05-15' }), '2027-01-01');
    expect(old).toEqual([
      { from: '2026-01-01', due: '2026-04-01' },
      { from: '2026-04-02', due: '2026-07-01', cutAt: '2026-05-14' },
    ]);
    // Given before the change: kept. Given after it: the old window is superseded, not missed.
    expect(
      windowOutcomes(old, ['2026-02-01', '2026-05-10'], new Map(), '2026-12-01').map((w) => w.state),
    ).toEqual(['kept', 'kept']);
    expect(
      windowOutcomes(old, ['2026-02-01', '2026-05-20'], new Map(), '2026-12-01').map((w) => w.state),
    ).toEqual(['kept', 'superseded']);
    // A change on a due date's next day leaves the old windows whole.
    expect(itemWindows(schedule, span('2026-01-01', { nextFrom: '2026-04-02' }), '2027-01-01')).toEqual([
      { from: '2026-01-01', due: '2026-04-01' },
    ]);
  });
});

describe('the agency’s time zone', () => {
  it('a message belongs to the date it was sent on there, across the daylight-saving changes', () => {
    const zone = 'America/New_York';
    // Spring forward, 8 March 2026 at 2:00: 23:59 on the 8th is 03:59 UTC on the 9th (UTC−4 by then).
    expect(localDate(new Date('2026-03-09T03:59:00Z'), zone)).toBe('2026-03-08');
    expect(localDate(new Date('2026-03-09T04:00:00Z'), zone)).toBe('2026-03-09');
    // Before the change the same clock time was an hour later in UTC.
    expect(localDate(new Date('2026-03-08T04:59:00Z'), zone)).toBe('2026-03-07');
    expect(localDate(new Date('2026-03-08T05:00:00Z'), zone)).toBe('2026-03-08');
    // Fall back, 1 November 2026: the day has 25 hours and ends at 04:59 UTC on the 2nd.
    expect(localDate(new Date('2026-11-02T04:59:00Z'), zone)).toBe('2026-11-01');
    expect(localDate(new Date('2026-11-02T05:00:00Z'), zone)).toBe('2026-11-02');
    // The same instant is another day in another agency's zone.
    expect(localDate(new Date('2026-03-09T03:59:00Z'), 'Europe/Madrid')).toBe('2026-03-09');
  });

  it('a due date across a change is the same calendar date: windows never shift by an hour', () => {
    const schedule: ItemSchedule = {
      frequency: { type: 'everyMonths', months: 1, start: '2026-02-08' },
      until: null,
    };
    expect(dues(itemWindows(schedule, span('2026-02-08'), '2026-12-01'))).toContain('2026-03-08');
    expect(dues(itemWindows(schedule, span('2026-02-08'), '2026-12-01'))).toContain('2026-11-08');
  });
});

describe('what each window came to', () => {
  const quarterly: ItemSchedule = {
    frequency: { type: 'everyMonths', months: 3, start: '2026-01-01' },
    until: null,
  };
  const windows = itemWindows(quarterly, span('2026-01-01'), '2026-12-31');

  it('kept, open, overdue within the grace, missed after it', () => {
    expect(windows.map((w) => w.due)).toEqual(['2026-04-01', '2026-07-01', '2026-10-01', '2027-01-01']);
    const outcomes = windowOutcomes(windows, ['2026-03-30'], new Map(), '2026-10-05');
    expect(outcomes.map((w) => [w.state, w.givenOn])).toEqual([
      ['kept', '2026-03-30'],
      ['missed', undefined],
      ['overdue', undefined],
      ['open', undefined],
    ]);
    expect(addDays('2026-10-01', LATE_GRACE_DAYS)).toBe('2026-10-15');
    expect(windowOutcomes(windows, ['2026-03-30'], new Map(), '2026-10-16')[2]?.state).toBe('missed');
  });

  it('a date in the grace makes the window late and is spent: the next window needs its own', () => {
    const outcomes = windowOutcomes(windows, ['2026-04-10', '2026-06-01'], new Map(), '2026-12-01');
    expect(outcomes.map((w) => [w.state, w.givenOn])).toEqual([
      ['late', '2026-04-10'],
      ['kept', '2026-06-01'],
      ['missed', undefined],
      ['open', undefined],
    ]);
    // Alone, the late date keeps no second window.
    expect(windowOutcomes(windows, ['2026-04-10'], new Map(), '2026-12-01').map((w) => w.state)).toEqual([
      'late',
      'missed',
      'missed',
      'open',
    ]);
    // One on time in each later window, none in the first: the first is missed, the others kept.
    const regular = windowOutcomes(
      windows,
      ['2026-05-20', '2026-08-20', '2026-11-20'],
      new Map(),
      '2026-12-01',
    );
    expect(regular.map((w) => w.state)).toEqual(['missed', 'kept', 'kept', 'kept']);
  });

  it('an excused window is excused, and a date inside it stays for no other', () => {
    const excused = new Map<string, WindowMark>([
      ['2026-04-01', { type: 'excused' }],
      ['2026-07-01', { type: 'excused' }],
    ]);
    const outcomes = windowOutcomes(windows, ['2026-03-01'], excused, '2026-08-01');
    expect(outcomes.map((w) => w.state)).toEqual(['excused', 'excused', 'open', 'open']);
  });

  it('a window marked given is decided by its mark: kept by a date inside it, late by one after', () => {
    const marks = new Map<string, WindowMark>([
      ['2026-04-01', { type: 'given', givenOn: '2026-04-05' }],
      ['2026-07-01', { type: 'given', givenOn: '2026-06-20' }],
    ]);
    // The message of 5 April would have kept the second window: the mark spent it on the first.
    const outcomes = windowOutcomes(windows, ['2026-04-05'], marks, '2026-12-01');
    expect(outcomes.map((w) => [w.state, w.givenOn])).toEqual([
      ['late', '2026-04-05'],
      ['kept', '2026-06-20'],
      ['missed', undefined],
      ['open', undefined],
    ]);
  });
});

// ─── Properties ──────────────────────────────────────────────────────────────────────────────────

const DAY = 86_400_000;
const isoDate = (min: string, max: string) =>
  fc
    .integer({ min: Date.parse(`${min}T00:00:00Z`) / DAY, max: Date.parse(`${max}T00:00:00Z`) / DAY })
    .map((days) => new Date(days * DAY).toISOString().slice(0, 10));
const monthDay = isoDate('2024-01-01', '2024-12-31').map((date) => date.slice(5));

const schedule: fc.Arbitrary<ItemSchedule> = fc.record({
  frequency: fc.oneof(
    fc.record({
      type: fc.constant('everyMonths' as const),
      months: fc.integer({ min: 1, max: 24 }),
      start: isoDate('2023-01-01', '2027-12-31'),
    }),
    fc.record({
      type: fc.constant('yearlyDates' as const),
      dates: fc.uniqueArray(monthDay, { minLength: 1, maxLength: 4 }),
    }),
    fc.record({ type: fc.constant('birthday' as const) }),
    fc.record({ type: fc.constant('once' as const), date: isoDate('2023-01-01', '2030-12-31') }),
  ),
  until: fc.option(
    fc.oneof(
      fc.record({ type: fc.constant('date' as const), date: isoDate('2024-01-01', '2035-12-31') }),
      fc.record({ type: fc.constant('childAge' as const), years: fc.integer({ min: 1, max: 21 }) }),
    ),
    { nil: null },
  ),
});
const versionSpan: fc.Arbitrary<VersionSpan> = fc
  .record({
    from: isoDate('2024-01-01', '2027-12-31'),
    length: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: null }),
    childBirthDate: fc.option(isoDate('2012-01-01', '2024-01-01'), { nil: null }),
  })
  .map(({ from, length, childBirthDate }) => ({
    from,
    nextFrom: length === null ? null : addDays(from, length),
    childBirthDate,
  }));

describe('for any item and any agreement version', () => {
  it('the windows follow each other without gap or overlap, each ending on its due date, within the version', () => {
    fc.assert(
      fc.property(schedule, versionSpan, isoDate('2024-01-01', '2032-12-31'), (item, version, through) => {
        const windows = itemWindows(item, version, through);
        windows.forEach((window, index) => {
          expect(window.from <= window.due).toBe(true);
          expect(window.from >= version.from).toBe(true);
          if (index > 0) expect(window.from).toBe(addDays(windows[index - 1]!.due, 1));
          if (version.nextFrom !== null) expect(window.from < version.nextFrom).toBe(true);
          // Only the last window can be cut, and only by the next version.
          if (window.cutAt) {
            expect(index).toBe(windows.length - 1);
            expect(window.cutAt).toBe(addDays(version.nextFrom!, -1));
          }
        });
        // Every window up to the day asked is there: only the last may end after it.
        for (const window of windows.slice(0, -1)) expect(window.due < through).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('every due window is counted exactly once: one state each, and a date fulfils at most one window', () => {
    fc.assert(
      fc.property(
        schedule,
        versionSpan,
        isoDate('2024-01-01', '2032-12-31'),
        fc.array(isoDate('2023-06-01', '2033-06-01'), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (item, version, today, given, excusedPicks) => {
          const windows = itemWindows(item, version, today);
          const excused = new Set(
            excusedPicks.flatMap((pick) => (windows.length ? [windows[pick % windows.length]!.due] : [])),
          );
          const marks = new Map<string, WindowMark>([...excused].map((due) => [due, { type: 'excused' }]));
          const outcomes = windowOutcomes(windows, given, marks, today);
          expect(outcomes).toHaveLength(windows.length);
          const spent = outcomes.flatMap((outcome) => (outcome.givenOn ? [outcome.givenOn] : []));
          expect(new Set(spent).size).toBe(spent.length);
          for (const outcome of outcomes) {
            if (outcome.state === 'kept') {
              expect(
                outcome.givenOn! >= outcome.from && outcome.givenOn! <= (outcome.cutAt ?? outcome.due),
              ).toBe(true);
            }
            if (outcome.state === 'late') {
              expect(outcome.givenOn! > outcome.due).toBe(true);
              expect(outcome.givenOn! <= addDays(outcome.due, LATE_GRACE_DAYS)).toBe(true);
            }
            if (outcome.state === 'open') expect(today <= outcome.due).toBe(true);
            if (outcome.state === 'missed') expect(today > addDays(outcome.due, LATE_GRACE_DAYS)).toBe(true);
            if (outcome.state === 'excused') expect(excused.has(outcome.due)).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

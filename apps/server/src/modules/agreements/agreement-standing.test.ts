// A family's standing read from its agreement's windows: owed since the first of the unkept windows
// in a row, due soon within the reminder days, and the next day anything changes by time alone.
import type { AgreementResponse } from '@bridge-talk/contract';
import { describe, expect, it } from 'vitest';
import { standingOf } from './agreement-standing.js';
import { startOfDayIn } from './agreement-windows.js';

type Agreement = NonNullable<AgreementResponse['agreement']>;
type State = Agreement['items'][number]['windows'][number]['state'];

function agreement(today: string, windows: [string, State][][], reminderDays = 7): Agreement {
  return {
    version: 1,
    document: null,
    effectiveFrom: '2026-01-01',
    endsBefore: null,
    timeZone: 'UTC',
    reminderDays,
    childBirthDate: null,
    today,
    items: windows.map((item, index) => ({
      id: `item-${index}`,
      kind: 'photos',
      giver: 'birth',
      receiver: 'adoptive',
      frequency: { type: 'everyMonths', months: 1, start: '2026-01-01' },
      until: null,
      note: '',
      counted: true,
      windows: item.map(([due, state]) => ({
        from: '2026-01-01',
        due,
        cutAt: null,
        state,
        givenOn: null,
        mark: null,
      })),
    })),
  };
}

describe('standingOf', () => {
  it('is overdue since the first of the unkept windows in a row, and says what is owed and due', () => {
    const standing = standingOf(
      agreement('2026-05-10', [
        [
          ['2026-02-01', 'kept'],
          ['2026-03-01', 'missed'],
          ['2026-04-01', 'missed'],
          ['2026-05-01', 'overdue'],
          ['2026-06-01', 'open'],
        ],
        [['2026-05-15', 'open']],
      ]),
    );
    expect(standing).toMatchObject({
      standing: 'overdue',
      date: '2026-03-01',
      dueItems: [
        { kind: 'photos', giver: 'birth', due: '2026-03-01' },
        { kind: 'photos', giver: 'birth', due: '2026-05-15' },
      ],
      reminders: [{ itemId: 'item-1', due: '2026-05-15' }],
      overdue: [{ itemId: 'item-0', due: '2026-05-01' }],
    });
    // The next change: the second item's due date passes on the 16th.
    expect(standing.checkOn).toBe('2026-05-16');
  });

  it('is not owed once a later window is kept, late or excused', () => {
    for (const state of ['kept', 'late', 'excused'] as const) {
      const standing = standingOf(
        agreement('2026-05-10', [
          [
            ['2026-03-01', 'missed'],
            ['2026-04-01', state],
            ['2026-06-01', 'open'],
          ],
        ]),
      );
      expect(standing).toMatchObject({ standing: 'ok', date: '2026-06-01', dueItems: [] });
      expect(standing.checkOn).toBe('2026-05-25');
    }
  });

  it('is due soon within the reminder days, counted to the day', () => {
    const at = (today: string) => standingOf(agreement(today, [[['2026-06-01', 'open']]], 7));
    expect(at('2026-05-24')).toMatchObject({ standing: 'ok', date: '2026-06-01', reminders: [] });
    expect(at('2026-05-25')).toMatchObject({
      standing: 'dueSoon',
      date: '2026-06-01',
      reminders: [{ itemId: 'item-0', due: '2026-06-01' }],
    });
    expect(at('2026-06-01')).toMatchObject({ standing: 'dueSoon', date: '2026-06-01' });
  });

  it('an item kept ahead of its due date is neither due soon nor reminded', () => {
    const standing = standingOf(agreement('2026-05-28', [[['2026-06-01', 'kept']]]));
    expect(standing).toMatchObject({ standing: 'ok', date: null, reminders: [] });
    expect(standing.checkOn).toBe('2026-06-02');
  });
});

describe('startOfDayIn', () => {
  it('is the zone’s midnight, on daylight-saving days too', () => {
    expect(startOfDayIn('2026-06-01', 'UTC').toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(startOfDayIn('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfDayIn('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    // The day clocks go forward (8 March 2026) and back (1 November 2026) still begin at midnight.
    expect(startOfDayIn('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDayIn('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayIn('2026-06-01', 'Pacific/Kiritimati').toISOString()).toBe('2026-05-31T10:00:00.000Z');
  });
});

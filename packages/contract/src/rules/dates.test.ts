import { describe, expect, it } from 'vitest';
import {
  formatContractDate,
  formatDate,
  formatFullDate,
  formatMessageTime,
  isValidIsoDate,
  todayIsoDate,
} from './dates.js';

const afternoon = new Date('2026-03-07T15:05:09Z');

describe('formatDate', () => {
  it("shows 'mm.dd.yyyy'", () => {
    expect(formatDate(afternoon, 'UTC')).toBe('03.07.2026');
    expect(formatDate(new Date('2026-12-25T00:00:00Z'), 'UTC')).toBe('12.25.2026');
  });

  it('accepts an ISO date-time string', () => {
    expect(formatDate('2026-03-07T15:05:09.000Z', 'UTC')).toBe('03.07.2026');
  });

  it('shows an instant on the day it is in the given zone', () => {
    const lateEvening = new Date('2026-03-08T02:00:00Z');
    expect(formatDate(lateEvening, 'UTC')).toBe('03.08.2026');
    expect(formatDate(lateEvening, 'America/New_York')).toBe('03.07.2026');
    expect(formatDate(lateEvening, 'Asia/Tokyo')).toBe('03.08.2026');
  });

  it('shows a date-only string as that day in every zone', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', undefined]) {
      expect(formatDate('2026-03-07', zone)).toBe('03.07.2026');
    }
  });

  it("gives '' for what is not a date", () => {
    expect(formatDate('not a date', 'UTC')).toBe('');
    expect(formatDate(new Date(Number.NaN), 'UTC')).toBe('');
    expect(formatDate('2026-02-30', 'UTC')).toBe('');
    expect(formatDate('2026-02-30T10:00:00Z', 'UTC')).toBe('');
  });
});

describe('formatFullDate', () => {
  it('shows weekday, month, day and year', () => {
    expect(formatFullDate(afternoon, 'UTC')).toBe('Saturday, March 7, 2026');
    expect(formatFullDate('2024-02-29', 'UTC')).toBe('Thursday, February 29, 2024');
  });

  it('shows a date-only string as that day in every zone', () => {
    expect(formatFullDate('2026-03-07', 'America/Los_Angeles')).toBe('Saturday, March 7, 2026');
  });

  it('follows the zone for an instant', () => {
    expect(formatFullDate(new Date('2026-03-08T02:00:00Z'), 'America/New_York')).toBe(
      'Saturday, March 7, 2026',
    );
  });

  it("gives '' for what is not a date", () => {
    expect(formatFullDate('yesterday', 'UTC')).toBe('');
  });
});

describe('formatMessageTime', () => {
  it("shows 'h:MM:ss TT' with unpadded hours", () => {
    expect(formatMessageTime(afternoon, 'UTC')).toBe('3:05:09 PM');
    expect(formatMessageTime(new Date('2026-03-07T09:30:00Z'), 'UTC')).toBe('9:30:00 AM');
    expect(formatMessageTime(new Date('2026-03-07T23:59:59Z'), 'UTC')).toBe('11:59:59 PM');
  });

  it('shows midnight and noon as 12', () => {
    expect(formatMessageTime(new Date('2026-03-07T00:00:00Z'), 'UTC')).toBe('12:00:00 AM');
    expect(formatMessageTime(new Date('2026-03-07T12:00:00Z'), 'UTC')).toBe('12:00:00 PM');
  });

  it('puts a plain space before AM/PM', () => {
    expect(formatMessageTime(afternoon, 'UTC')).toMatch(/^\d{1,2}:\d{2}:\d{2} (AM|PM)$/);
  });

  it('follows the zone', () => {
    expect(formatMessageTime(afternoon, 'America/New_York')).toBe('10:05:09 AM');
  });

  it("gives '' for what is not a date", () => {
    expect(formatMessageTime('soon', 'UTC')).toBe('');
  });
});

describe('formatContractDate', () => {
  it("shows 'YYYY-MM-DD', 10 characters", () => {
    expect(formatContractDate(afternoon, 'UTC')).toBe('2026-03-07');
    expect(formatContractDate(afternoon, 'UTC')).toHaveLength(10);
  });

  it('keeps a date-only string as it is', () => {
    expect(formatContractDate('2026-01-31', 'Pacific/Honolulu')).toBe('2026-01-31');
  });

  it('follows the zone for an instant', () => {
    expect(formatContractDate(new Date('2026-01-01T03:00:00Z'), 'America/Chicago')).toBe('2025-12-31');
  });
});

describe('todayIsoDate', () => {
  it("gives today's date in the zone", () => {
    const now = new Date('2026-03-08T02:00:00Z');
    expect(todayIsoDate('UTC', now)).toBe('2026-03-08');
    expect(todayIsoDate('America/New_York', now)).toBe('2026-03-07');
  });
});

describe('isValidIsoDate', () => {
  it('accepts real calendar dates', () => {
    expect(isValidIsoDate('2026-03-07')).toBe(true);
    expect(isValidIsoDate('2026-12-31')).toBe(true);
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2000-02-29')).toBe(true);
  });

  it('refuses days that do not exist', () => {
    expect(isValidIsoDate('2026-02-30')).toBe(false);
    expect(isValidIsoDate('2026-02-29')).toBe(false);
    expect(isValidIsoDate('1900-02-29')).toBe(false);
    expect(isValidIsoDate('2026-04-31')).toBe(false);
    expect(isValidIsoDate('2026-13-01')).toBe(false);
    expect(isValidIsoDate('2026-00-10')).toBe(false);
    expect(isValidIsoDate('2026-01-00')).toBe(false);
  });

  it('refuses anything but the 10-character form', () => {
    expect(isValidIsoDate('2026-3-7')).toBe(false);
    expect(isValidIsoDate('03.07.2026')).toBe(false);
    expect(isValidIsoDate('2026-03-07T00:00:00Z')).toBe(false);
    expect(isValidIsoDate(' 2026-03-07')).toBe(false);
    expect(isValidIsoDate('')).toBe(false);
  });
});

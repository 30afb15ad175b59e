import { describe, expect, it } from 'vitest';
import { formatPhone, isPhoneFormatted, PHONE_FORMATTED_LENGTH, phoneDigits } from './phone.js';

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['55', '(55'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['555123456', '(555) 123-456'],
    ['5551234567', '(555) 123-4567'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it('drops digits beyond ten', () => {
    expect(formatPhone('555123456789')).toBe('(555) 123-4567');
  });

  it('ignores everything that is not a digit', () => {
    expect(formatPhone('abc')).toBe('');
    expect(formatPhone('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhone(' 555-123 x4567 ')).toBe('(555) 123-4567');
  });

  it('is stable on its own output, as an input mask needs', () => {
    for (const input of ['5', '555', '5551', '5551234', '5551234567']) {
      const once = formatPhone(input);
      expect(formatPhone(once)).toBe(once);
    }
  });

  it('takes the next keystroke after a formatted prefix', () => {
    expect(formatPhone('(555) 123-456' + '7')).toBe('(555) 123-4567');
    expect(formatPhone('(555' + '1')).toBe('(555) 1');
  });

  it('drops the +1 country code of a pasted number', () => {
    expect(formatPhone('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(formatPhone('+15551234567')).toBe('(555) 123-4567');
  });

  it('gives a complete number of 14 characters', () => {
    expect(formatPhone('5551234567')).toHaveLength(14);
    expect(PHONE_FORMATTED_LENGTH).toBe(14);
  });
});

describe('isPhoneFormatted', () => {
  it('accepts the complete 14-character form', () => {
    expect(isPhoneFormatted('(555) 123-4567')).toBe(true);
  });

  it('refuses partial, unformatted or longer values', () => {
    expect(isPhoneFormatted('(555) 123-456')).toBe(false);
    expect(isPhoneFormatted('5551234567')).toBe(false);
    expect(isPhoneFormatted('555-123-4567')).toBe(false);
    expect(isPhoneFormatted('(555) 123-45678')).toBe(false);
    expect(isPhoneFormatted(' (555) 123-4567')).toBe(false);
    expect(isPhoneFormatted('')).toBe(false);
  });
});

describe('phoneDigits', () => {
  it('keeps only the digits', () => {
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
    expect(phoneDigits('')).toBe('');
  });

  it('drops a leading +1', () => {
    expect(phoneDigits('+1 (555) 123-4567')).toBe('5551234567');
  });
});

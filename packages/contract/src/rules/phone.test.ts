import { describe, expect, it } from 'vitest';
import { formatPhone, isPhoneFormatted, phoneDigits } from './phone.js';

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
    expect(formatPhone('+1 (555) 123-4567')).toBe('(555) 123-4567');
  });

  it('drops the country code 1 of eleven digits written without a plus', () => {
    expect(formatPhone('1-555-123-4567')).toBe('(555) 123-4567');
    expect(formatPhone('1 (555) 123-4567')).toBe('(555) 123-4567');
    expect(formatPhone('15551234567')).toBe('(555) 123-4567');
  });

  it('drops the country code once the eleventh digit is typed after it', () => {
    // Typed one key at a time, '1-555-123-456' is still ten digits; the next one shows the 1 was the country's.
    expect(formatPhone('1555123456')).toBe('(155) 512-3456');
    expect(formatPhone(`${formatPhone('1555123456')}7`)).toBe('(555) 123-4567');
  });

  it('keeps a leading 1 of a number that has no more than ten digits and no plus', () => {
    expect(formatPhone('155')).toBe('(155');
  });

  it('gives a complete number of 14 characters', () => {
    expect(formatPhone('5551234567')).toHaveLength(14);
    expect(formatPhone('+1 555 123 4567')).toHaveLength(14);
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

  it('drops the 1 in front of ten more digits, and keeps the digits beyond otherwise', () => {
    expect(phoneDigits('1-555-123-4567')).toBe('5551234567');
    expect(phoneDigits('555-123-45678')).toBe('55512345678');
    expect(phoneDigits('1555123456')).toBe('1555123456');
  });
});

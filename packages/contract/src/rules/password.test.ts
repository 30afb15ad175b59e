import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import {
  isStrongPassword,
  PASSWORD_CHECKS,
  PASSWORD_MIN_SAVE,
  PASSWORD_MIN_STRONG,
  passwordChecklist,
} from './password.js';

describe('password constants', () => {
  it('needs 6 characters to save and 8 for the strong rule', () => {
    expect(PASSWORD_MIN_SAVE).toBe(6);
    expect(PASSWORD_MIN_STRONG).toBe(8);
  });
});

describe('passwordChecklist', () => {
  it('ticks nothing for empty fields', () => {
    expect(passwordChecklist('', '')).toEqual({
      minLength: false,
      uppercase: false,
      lowercase: false,
      digit: false,
      equal: false,
    });
  });

  it('ticks every row for a strong, confirmed password', () => {
    expect(passwordChecklist('Abcdefg1', 'Abcdefg1')).toEqual({
      minLength: true,
      uppercase: true,
      lowercase: true,
      digit: true,
      equal: true,
    });
  });

  it('needs at least 8 characters', () => {
    expect(passwordChecklist('Abcdef1', 'Abcdef1').minLength).toBe(false);
    expect(passwordChecklist('Abcdefg1', '').minLength).toBe(true);
  });

  it('checks each character class on its own', () => {
    expect(passwordChecklist('abcdefg1', '').uppercase).toBe(false);
    expect(passwordChecklist('ABCDEFG1', '').lowercase).toBe(false);
    expect(passwordChecklist('Abcdefgh', '').digit).toBe(false);
  });

  it('counts letters of any script', () => {
    expect(passwordChecklist('éclair', '').lowercase).toBe(true);
    expect(passwordChecklist('ÉCLAIR', '').uppercase).toBe(true);
  });

  it('compares the two fields exactly', () => {
    expect(passwordChecklist('Abcdefg1', 'abcdefg1').equal).toBe(false);
    expect(passwordChecklist('Abcdefg1', 'Abcdefg1 ').equal).toBe(false);
  });
});

describe('isStrongPassword', () => {
  it('holds only when every row holds', () => {
    expect(isStrongPassword('Abcdefg1', 'Abcdefg1')).toBe(true);
    expect(isStrongPassword('Abcdefg1', 'Abcdefg2')).toBe(false);
    expect(isStrongPassword('abcdefg1', 'abcdefg1')).toBe(false);
    expect(isStrongPassword('Abcdef1', 'Abcdef1')).toBe(false);
  });
});

describe('PASSWORD_CHECKS', () => {
  it('lists every checklist row once, with its catalogue label', () => {
    expect(PASSWORD_CHECKS.map((check) => check.key)).toEqual([
      'minLength',
      'uppercase',
      'lowercase',
      'digit',
      'equal',
    ]);
    expect(PASSWORD_CHECKS.map((check) => check.label)).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
      'Passwords match',
    ]);
    expect(PASSWORD_CHECKS[0]?.label).toBe(MSG.password.checklist.minLength);
  });
});

import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { VERIFICATION_CODE_LENGTH, ZVerificationCode } from './codes.js';

describe('ZVerificationCode', () => {
  it('is 6 characters long', () => {
    expect(VERIFICATION_CODE_LENGTH).toBe(6);
  });

  it('accepts exactly 6 characters', () => {
    expect(ZVerificationCode.parse('A1B2C3')).toBe('A1B2C3');
    expect(ZVerificationCode.parse('123456')).toBe('123456');
  });

  it('trims a pasted code', () => {
    expect(ZVerificationCode.parse(' 123456 ')).toBe('123456');
  });

  it.each(['', '12345', '1234567', '123 456 '])('refuses %j', (input) => {
    const result = ZVerificationCode.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.extra.codeLength);
  });
});

/**
 * The US phone input mask (xxx) xxx-xxxx (spec sections 2 and 5). formatPhone formats progressively,
 * so it can run on every keystroke: it keeps only digits, at most ten, and places the punctuation
 * the digits typed so far reach.
 */

export const PHONE_DIGITS = 10;
/** Length of a complete formatted number, '(555) 123-4567'. */
export const PHONE_FORMATTED_LENGTH = 14;

const COMPLETE_PHONE = /^\(\d{3}\) \d{3}-\d{4}$/;

/** The digits of a phone number; a leading '+1' country code is dropped. */
export function phoneDigits(input: string): string {
  return input.trim().replace(/^\+1/, '').replace(/\D/g, '');
}

export function formatPhone(input: string): string {
  const digits = phoneDigits(input).slice(0, PHONE_DIGITS);
  if (digits === '') return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (digits.length <= 3) return `(${area}`;
  if (digits.length <= 6) return `(${area}) ${exchange}`;
  return `(${area}) ${exchange}-${line}`;
}

/** Whether the value is a complete number in the mask's form, '(555) 123-4567'. */
export function isPhoneFormatted(value: string): boolean {
  return COMPLETE_PHONE.test(value);
}

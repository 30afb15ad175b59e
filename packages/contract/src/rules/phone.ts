/**
 * The US phone input mask (xxx) xxx-xxxx. formatPhone formats progressively,
 * so it can run on every keystroke: it keeps only digits, at most ten, and places the punctuation
 * the digits typed so far reach.
 */

export const PHONE_DIGITS = 10;

const COMPLETE_PHONE = /^\(\d{3}\) \d{3}-\d{4}$/;

/**
 * The digits of a phone number without its country code: a number that starts with '+1', or has more
 * than ten digits of which the first is 1 ('1-555-123-4567'), loses that 1. No US area code starts
 * with 1, so the digit can only be the country's.
 */
export function phoneDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  const countryCode = input.trim().startsWith('+1') || digits.length > PHONE_DIGITS;
  return countryCode && digits.startsWith('1') ? digits.slice(1) : digits;
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

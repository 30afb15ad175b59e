// Card entry: the networks' number rules (Luhn, lengths, brands), the masks of the card fields, the
// local card form and tokenisation request, and the token either payment provider yields.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { CARD_NUMBER_MAX } from '../rules/text-limits.js';

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** The network's own name for a brand as providers report it ('visa' → 'Visa'); another one as given. */
export function cardBrandName(brand: string): string {
  return (BRAND_NAMES as Record<string, string>)[brand.toLowerCase()] ?? brand;
}

/** 'Visa ending in 4242'. */
export function cardLabel(brand: string, last4: string): string {
  return MSG.billing.cardEnding(cardBrandName(brand), last4);
}

/** The digits of a card number as typed: spaces and dashes dropped. */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** The Luhn check digit rule every card number satisfies. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network, from the number's leading digits (the IIN ranges the networks publish). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Whether a number has a length its network issues and passes the Luhn check. */
export function isCardNumberValid(input: string): boolean {
  const digits = cardDigits(input);
  const brand = cardBrandOf(digits);
  const lengthOk =
    brand === 'amex'
      ? digits.length === 15
      : brand === 'diners'
        ? digits.length >= 14 && digits.length <= 19
        : digits.length >= 15 && digits.length <= 19;
  return lengthOk && isLuhnValid(digits);
}

/** Groups the digits as printed on the card: 4-6-5 for American Express, fours otherwise. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).slice(0, 19);
  if (cardBrandOf(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The longest expiry a person may type or paste: MM/YYYY. */
export const CARD_EXPIRY_INPUT_MAX = 7;

/** A four-digit year of this century as its two last digits ('2030' → '30'); anything shorter as typed. */
function shortYear(year: string): string {
  return year.length >= 4 ? year.slice(2, 4) : year;
}

/**
 * The expiry field's mask, applied while typing and to a paste: MM/YY, MM/YYYY, M/YY, with or without
 * the slash, all become MM/YY ('12/2030' → '12/30', '1/30' → '01/30', '122030' → '12/30'). A first
 * digit above 1, or two first digits above 12, can only start a one-digit month ('4' → '04').
 */
export function formatCardExpiry(input: string): string {
  const text = input.replace(/[\s.-]/g, '/').replace(/[^\d/]/g, '');
  const slash = text.indexOf('/');
  if (slash > 0) {
    const typedMonth = text.slice(0, slash).slice(-2);
    const month = typedMonth.length === 1 && typedMonth !== '0' ? `0${typedMonth}` : typedMonth;
    const year = text
      .slice(slash + 1)
      .replace(/\//g, '')
      .slice(0, 4);
    return `${month}/${shortYear(year)}`;
  }
  const digits = text.replace(/\//g, '').slice(0, 6);
  const oneDigitMonth = /^[2-9]/.test(digits) || (digits.length >= 2 && Number(digits.slice(0, 2)) > 12);
  const month = oneDigitMonth ? `0${digits[0]}` : digits.slice(0, 2);
  const year = shortYear(digits.slice(oneDigitMonth ? 1 : 2));
  return year === '' ? month : `${month}/${year}`;
}

/** Month and four-digit year of an expiry in any form the mask takes (MM/YY after it), or null. */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(formatCardExpiry(value.trim()));
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isCardExpired(month: number, year: number, now: Date = new Date()): boolean {
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

/** The local card form: number, expiry and CVC, before they are exchanged for a token. */
export const ZLocalCardForm = z
  .object({
    number: z
      .string()
      .trim()
      .min(1, MSG.billing.cardNumberRequired)
      .refine(isCardNumberValid, MSG.billing.cardNumberInvalid),
    expiry: z.string().trim().min(1, MSG.billing.cardExpiryRequired),
    cvc: z.string().trim(),
  })
  .superRefine((value, ctx) => {
    const expiry = parseCardExpiry(value.expiry);
    if (value.expiry !== '' && !expiry) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: MSG.billing.cardExpiryInvalid });
    } else if (expiry && isCardExpired(expiry.month, expiry.year)) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: MSG.billing.cardExpired });
    }
    const cvcLength = cardBrandOf(cardDigits(value.number)) === 'amex' ? 4 : 3;
    if (value.cvc === '') {
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: MSG.billing.cardCvcRequired });
    } else if (!new RegExp(`^\\d{${cvcLength}}$`).test(value.cvc)) {
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: MSG.billing.cardCvcInvalid });
    }
  });
export type LocalCardForm = z.infer<typeof ZLocalCardForm>;

/**
 * The local provider's tokenisation request. It goes to the payments tokeniser only, never to the
 * billing routes; the server keeps brand, last 4 and expiry and forgets the rest.
 */
export const ZLocalCardTokenRequest = z
  .object({
    number: z
      .string()
      .trim()
      .max(CARD_NUMBER_MAX, MSG.validation.tooLong(MSG.fields.cardNumber, CARD_NUMBER_MAX))
      .refine(isCardNumberValid, MSG.billing.cardNumberInvalid),
    expMonth: z.number().int().min(1, MSG.billing.cardExpiryInvalid).max(12, MSG.billing.cardExpiryInvalid),
    expYear: z
      .number()
      .int()
      .min(2000, MSG.billing.cardExpiryInvalid)
      .max(2100, MSG.billing.cardExpiryInvalid),
    cvc: z.string().regex(/^\d{3,4}$/, MSG.billing.cardCvcInvalid),
  })
  .superRefine((value, ctx) => {
    if (isCardExpired(value.expMonth, value.expYear)) {
      ctx.addIssue({ code: 'custom', path: ['expMonth'], message: MSG.billing.cardExpired });
    }
  });
export type LocalCardTokenRequest = z.input<typeof ZLocalCardTokenRequest>;

/** What card entry yields in either mode: an opaque token and what may be shown of the card. */
export const ZCardToken = z.object({
  creditCardTokenId: z.string().min(3).max(255),
  cardBrand: z.string().min(1).max(32),
  cardLast4: z.string().regex(/^\d{4}$/),
  cardExpiryMonth: z.number().int().min(1).max(12),
  cardExpiryYear: z.number().int().min(2000).max(2100),
});
export type CardToken = z.infer<typeof ZCardToken>;

/**
 * POST /payments/stripe/card-setup (Stripe only): a SetupIntent's client secret. The browser confirms
 * it with the new card, so the card's bank checks it (and asks for 3-D Secure when it wants) before
 * the card is saved: a refused card is refused there, and nothing is saved.
 */
export const ZCardSetupResponse = z.object({ clientSecret: z.string() });
export type CardSetupResponse = z.infer<typeof ZCardSetupResponse>;

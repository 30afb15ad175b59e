// The local provider's card tokeniser: a card number goes in, an opaque token comes out, and only the
// brand, the last 4 digits and the expiry are kept. The number and CVC live in this function's
// arguments and nowhere else: never stored, never logged.
//
// The outcome follows Stripe's documented test cards, so that people who test with 4242 4242 4242 4242
// (succeeds) and 4000 0000 0000 0002 (declined) get what they expect here too: a declining card is
// refused when it is saved, as Stripe's card check refuses it, except 4000 0000 0000 0341, which saves
// and is declined at its first charge (the way to try a failed renewal).
import { randomBytes } from 'node:crypto';
import {
  cardBrandOf,
  cardDigits,
  type LocalCardTokenRequest,
  ZLocalCardTokenRequest,
} from '@bridge-talk/contract';
import type { Db } from '../../db/client.js';
import { paymentCardTokens } from '../../db/schema-billing.js';

/** Test numbers whose charges are declined, with the decline code a charge answers. */
const DECLINING_CARDS: Record<string, string> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000000000000341': 'card_declined',
};

/** Cards that are saved without complaint and declined only when charged. */
const DECLINED_ONLY_WHEN_CHARGED = new Set(['4000000000000341']);

/** How long a token may wait before it is saved as a payment method. */
const TOKEN_TTL_MS = 30 * 60 * 1000;

export function localId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export interface LocalCardToken {
  creditCardTokenId: string;
  cardBrand: string;
  cardLast4: string;
  cardExpiryMonth: number;
  cardExpiryYear: number;
}

export async function tokeniseCard(
  db: Db,
  userId: string,
  input: LocalCardTokenRequest,
): Promise<LocalCardToken> {
  const card = ZLocalCardTokenRequest.parse(input);
  const digits = cardDigits(card.number);
  const token = {
    id: localId('tok'),
    userId,
    brand: cardBrandOf(digits),
    last4: digits.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    declineCode: DECLINING_CARDS[digits] ?? null,
    declinesWhenSaved: digits in DECLINING_CARDS && !DECLINED_ONLY_WHEN_CHARGED.has(digits),
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
  };
  await db.insert(paymentCardTokens).values(token);
  return {
    creditCardTokenId: token.id,
    cardBrand: token.brand,
    cardLast4: token.last4,
    cardExpiryMonth: token.expMonth,
    cardExpiryYear: token.expYear,
  };
}

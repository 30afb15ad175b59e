// The test data every tier shares (server and web tests, the end-to-end specs, the load seed): the test
// cards and the payer who pays with them. Imported as '@bridge-talk/contract/test-data', never through
// the package's index, so that no product bundle carries it.

import { formatPhone } from './rules/phone.js';
import { formatCardExpiry, formatCardNumber } from './schemas/cards.js';
import { findUsState } from './us-states.js';

/** A test card in each form the tiers use: digits as sent, spaced as the card field shows them. */
function testCard(digits: string) {
  return { digits, spaced: formatCardNumber(digits), last4: digits.slice(-4), brand: 'visa' } as const;
}

/** Stripe's documented test cards, which the local payment provider answers the same way. */
export const TEST_CARDS = {
  /** Saved and paid. */
  paid: testCard('4242424242424242'),
  /** Refused when it is saved, as Stripe's card check refuses it. */
  declined: testCard('4000000000000002'),
  /** Saved without complaint, declined when charged (Stripe's 'decline after attaching'). */
  declinedWhenCharged: testCard('4000000000000341'),
};

const EXPIRY_TYPED = '1234';

/** The expiry and CVC every test card is given: as the form's fields take them and as a token request sends them. */
export const TEST_CARD_DETAILS = {
  /** The expiry as typed into the masked field, and as the field then shows it. */
  expiryTyped: EXPIRY_TYPED,
  expiry: formatCardExpiry(EXPIRY_TYPED),
  expMonth: 12,
  expYear: 2034,
  cvc: '123',
};

const PHONE_TYPED = '5550102000';

/** The one payer of the tests' payment details, as the billing request body carries them. */
export const TEST_PAYER = {
  cardName: 'Pat Payer',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  email: 'pat.payer@test.local',
  phoneNumber: formatPhone(PHONE_TYPED),
} as const;

/** What a person types or picks for the payer where the form masks or names it differently. */
export const TEST_PAYER_TYPED = {
  phone: PHONE_TYPED,
  stateName: findUsState(TEST_PAYER.state)?.name ?? TEST_PAYER.state,
};

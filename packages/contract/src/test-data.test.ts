// The shared test data is valid data: every tier's tests build on it, so a payer or card the rules
// refuse would fail them all for the wrong reason.
import { describe, expect, it } from 'vitest';
import { ZBillingForm } from './schemas/billing.js';
import { cardBrandOf, parseCardExpiry, ZLocalCardForm, ZLocalCardTokenRequest } from './schemas/cards.js';
import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER, TEST_PAYER_TYPED } from './test-data.js';

describe('the shared test data', () => {
  it('has a payer the billing form takes as it is, typed phone included', () => {
    expect(ZBillingForm.parse(TEST_PAYER)).toEqual({
      cardName: TEST_PAYER.cardName,
      address: TEST_PAYER.address,
      city: TEST_PAYER.city,
      state: TEST_PAYER.state,
      zip: TEST_PAYER.zip,
      phoneNumber: TEST_PAYER.phoneNumber,
      email: TEST_PAYER.email,
    });
    expect(ZBillingForm.parse({ ...TEST_PAYER, phoneNumber: TEST_PAYER_TYPED.phone }).phoneNumber).toBe(
      TEST_PAYER.phoneNumber,
    );
    expect(TEST_PAYER_TYPED.stateName).toBe('Illinois');
  });

  it('has cards the card rules take, in both forms, with an expiry that matches its typed form', () => {
    expect(parseCardExpiry(TEST_CARD_DETAILS.expiry)).toEqual({
      month: TEST_CARD_DETAILS.expMonth,
      year: TEST_CARD_DETAILS.expYear,
    });
    for (const card of Object.values(TEST_CARDS)) {
      expect(cardBrandOf(card.digits), card.digits).toBe(card.brand);
      for (const number of [card.digits, card.spaced]) {
        const { expiry, cvc, expMonth, expYear } = TEST_CARD_DETAILS;
        expect(ZLocalCardForm.safeParse({ number, expiry, cvc }).success, number).toBe(true);
        expect(ZLocalCardTokenRequest.safeParse({ number, expMonth, expYear, cvc }).success, number).toBe(
          true,
        );
      }
    }
  });
});

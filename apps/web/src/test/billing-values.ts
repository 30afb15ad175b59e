import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER, TEST_PAYER_TYPED } from '@bridge-talk/contract/test-data';

/** A valid billing form in local card mode (the test card that succeeds), by field label, as typed. */
export const VALID_BILLING_VALUES: Record<string, string> = {
  'Cardholder name': TEST_PAYER.cardName,
  'Card number': TEST_CARDS.paid.digits,
  'Expiry date': TEST_CARD_DETAILS.expiryTyped,
  CVC: TEST_CARD_DETAILS.cvc,
  Address: TEST_PAYER.address,
  City: TEST_PAYER.city,
  ZIP: TEST_PAYER.zip,
  Phone: TEST_PAYER_TYPED.phone,
  Email: TEST_PAYER.email,
};

/** Payment details on file, as GET /group/billing/details answers them (the test card that succeeds). */
export function billingOnFile(groupId: string) {
  return {
    _id: groupId,
    billingInformation: {
      ...TEST_PAYER,
      cardBrand: TEST_CARDS.paid.brand,
      cardLast4: TEST_CARDS.paid.last4,
      cardExpiryMonth: TEST_CARD_DETAILS.expMonth,
      cardExpiryYear: TEST_CARD_DETAILS.expYear,
    },
    subscription: null,
    charges: [],
  };
}

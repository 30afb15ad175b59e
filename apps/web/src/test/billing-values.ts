/** A valid billing form in local card mode (the test card that succeeds), by field label. */
export const VALID_BILLING_VALUES: Record<string, string> = {
  'Cardholder name': 'Pat Payer',
  'Card number': '4242424242424242',
  'Expiry date': '1234',
  CVC: '123',
  Address: '1 Main Street',
  City: 'Springfield',
  ZIP: '62701',
  Phone: '5550102000',
  Email: 'pat@example.org',
};

/** Payment details on file, as GET /group/billing/details answers them (local card 4242). */
export function billingOnFile(groupId: string) {
  return {
    _id: groupId,
    billingInformation: {
      cardName: 'Pat Payer',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
      email: 'payer@example.org',
      phoneNumber: '(555) 010-2000',
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpiryMonth: 12,
      cardExpiryYear: 2034,
    },
    subscription: null,
    charges: [],
  };
}

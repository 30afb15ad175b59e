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

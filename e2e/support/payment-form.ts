// The payment details form (the wizard's first step, Update Billing) filled in as a person does, with
// the local provider's card fields.
import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER, TEST_PAYER_TYPED } from '@bridge-talk/contract/test-data';
import type { Page } from '@playwright/test';

export async function fillCard(page: Page, cardNumber: string = TEST_CARDS.paid.spaced) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(cardNumber);
  await page.getByRole('textbox', { name: 'Expiry date' }).fill(TEST_CARD_DETAILS.expiry);
  await page.getByRole('textbox', { name: 'CVC' }).fill(TEST_CARD_DETAILS.cvc);
}

export async function fillPaymentDetails(page: Page, options: { cardNumber?: string; email?: string } = {}) {
  await page.getByRole('textbox', { name: 'Cardholder name' }).fill(TEST_PAYER.cardName);
  await fillCard(page, options.cardNumber);
  await page.getByRole('textbox', { name: 'Address' }).fill(TEST_PAYER.address);
  await page.getByRole('textbox', { name: 'City' }).fill(TEST_PAYER.city);
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: TEST_PAYER_TYPED.stateName }).click();
  await page.getByRole('textbox', { name: 'ZIP' }).fill(TEST_PAYER.zip);
  await page.getByRole('textbox', { name: 'Phone' }).pressSequentially(TEST_PAYER_TYPED.phone);
  await page.getByRole('textbox', { name: 'Email' }).fill(options.email ?? TEST_PAYER.email);
}

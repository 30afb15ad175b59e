// The payment details form (the wizard's first step, Update Billing) filled in as a person does, with
// the local provider's card fields.
import type { Page } from '@playwright/test';

const CARD_PAID = '4242 4242 4242 4242';

export async function fillCard(page: Page, cardNumber = CARD_PAID) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(cardNumber);
  await page.getByRole('textbox', { name: 'Expiry date' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
}

export async function fillPaymentDetails(page: Page, options: { cardNumber?: string; email?: string } = {}) {
  await page.getByRole('textbox', { name: 'Cardholder name' }).fill('Pat Payer');
  await fillCard(page, options.cardNumber);
  await page.getByRole('textbox', { name: 'Address' }).fill('1 Main Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Illinois' }).click();
  await page.getByRole('textbox', { name: 'ZIP' }).fill('62701');
  await page.getByRole('textbox', { name: 'Phone' }).pressSequentially('5550102000');
  await page.getByRole('textbox', { name: 'Email' }).fill(options.email ?? 'pat.payer@e2e.local');
}

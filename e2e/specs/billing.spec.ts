// Billing end to end: an admin creates a plan and a 10 % coupon on /payments; an agency adds a family
// and its plan picker shows the discounted price; 4000 0000 0000 0002 is refused when saved, with the
// form kept; 4000 0000 0000 0341 is saved and declined when charged; 4242 4242 4242 4242 pays; the
// coupon counts one use.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { activeEntity } from '../support/accounts.js';
import { E2E_ADMIN } from '../support/constants.js';
import { expect, test } from '../support/fixtures.js';
import { fillPaymentDetails } from '../support/payment-form.js';
import { signIn } from '../support/sign-in.js';

const DECLINED_MESSAGE = 'Your card was declined. Please use another card.';

/** The admin and the agency each in a browser context of their own: both signed in at once. */
async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  role: 'admin' | 'entity',
  email: string,
  password: string,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, role, email, password);
  return page;
}

async function choosePlanWithCoupon(page: Page, planName: string, couponCode: string) {
  await page.getByRole('textbox', { name: "Child's first name" }).fill('Robin');
  await page.getByRole('textbox', { name: "Child's last name" }).fill('Child');
  const coupon = page.getByRole('textbox', { name: 'Coupon' });
  await coupon.fill(couponCode);
  await coupon.blur();
  await expect(page.getByText('Ten off', { exact: true })).toBeVisible();
  // 10 % off $100.00: the picker shows $90.00, the original struck through.
  const plan = page.getByRole('radio', { name: `${planName}: $90.00 one-time payment` });
  await expect(plan).toBeVisible();
  await plan.check();
}

test('an admin creates a plan and a 10 % coupon; a family pays the discounted price, after a declined card', async ({
  browser,
  baseURL,
  request,
}) => {
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  const planName = `E2E Plan ${suffix}`;
  const couponCode = `TEN${suffix}`;

  // The admin: a plan and a coupon on /payments (the local provider's administration).
  const admin = await signedIn(browser, baseURL, 'admin', E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payments' }).click();
  await expect(admin).toHaveURL(/\/payments$/);
  const plans = admin.getByRole('table', { name: 'Plans' });
  await expect(plans.getByRole('row', { name: /Lifetime/ })).toBeVisible();
  await admin.getByRole('link', { name: 'New plan' }).click();
  await admin.getByRole('textbox', { name: 'Name' }).fill(planName);
  await admin.getByRole('textbox', { name: 'Price (USD)' }).fill('100');
  await admin.getByRole('button', { name: 'Create plan' }).click();
  await expect(admin.getByText('Plan created.')).toBeVisible();
  await expect(plans.getByRole('row', { name: new RegExp(planName) })).toContainText(
    '$100.00 one-time payment',
  );

  await admin.getByRole('tab', { name: 'Coupons' }).click();
  await admin.getByRole('link', { name: 'New coupon' }).click();
  await admin.getByRole('textbox', { name: 'Code' }).fill(couponCode);
  await admin.getByRole('textbox', { name: 'Name' }).fill('Ten off');
  await admin.getByRole('textbox', { name: 'Percent off' }).fill('10');
  await admin.getByRole('checkbox', { name: new RegExp(planName) }).check();
  await admin.getByRole('button', { name: 'Create coupon' }).click();
  await expect(admin.getByText('Coupon created.')).toBeVisible();
  const couponRow = admin
    .getByRole('table', { name: 'Coupons' })
    .getByRole('row', { name: new RegExp(couponCode) });
  await expect(couponRow).toContainText('10 % off');
  // Times redeemed: the sixth column (Status and Actions follow it).
  await expect(couponRow.getByRole('cell').nth(5)).toHaveText('0');

  // The agency adds a family: payment details first, with the test card that is declined.
  const agency = await activeEntity(request);
  const entity = await signedIn(browser, baseURL, 'entity', agency.email, agency.password);
  await entity
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Add New Family' })
    .click();
  await expect(entity.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await entity.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4241');
  await entity.getByRole('textbox', { name: 'Card number' }).blur();
  await expect(entity.getByText('Card number is invalid')).toBeVisible();
  // The bank refuses this card as soon as it is saved: no family is made, and nothing typed is lost.
  await fillPaymentDetails(entity, { cardNumber: '4000 0000 0000 0002' });
  await entity.getByRole('button', { name: 'Continue' }).click();
  const refusedAtSave = entity.getByRole('alert').filter({ hasText: DECLINED_MESSAGE });
  await expect(refusedAtSave).toBeVisible();
  // Dismissed, so that the next decline is a toast of its own.
  await refusedAtSave.click();
  await expect(refusedAtSave).toHaveCount(0);
  await expect(entity.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(entity).toHaveURL(/\/add-new-family$/);
  await expect(entity.getByRole('textbox', { name: 'Address' })).toHaveValue('1 Main Street');
  await expect(entity.getByRole('textbox', { name: 'Card number' })).toHaveValue('4000 0000 0000 0002');

  // This one saves, and is declined when charged.
  await entity.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0341');
  await entity.getByRole('button', { name: 'Continue' }).click();
  await expect(entity.getByText('Payment created successfully.')).toBeVisible();
  await expect(entity.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();
  await choosePlanWithCoupon(entity, planName, couponCode.toLowerCase());
  await entity.getByRole('button', { name: 'Continue' }).click();
  await expect(entity.getByRole('alert').filter({ hasText: DECLINED_MESSAGE })).toBeVisible();
  await expect(entity.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();

  // Back to the payment details, which are filled in from the ones on file: only a card to retype.
  await entity.getByRole('button', { name: 'Back' }).click();
  await expect(entity.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(entity.getByRole('textbox', { name: 'Address' })).toHaveValue('1 Main Street');
  await expect(entity.getByRole('textbox', { name: 'Phone' })).toHaveValue('(555) 010-2000');
  await expect(entity.getByRole('combobox', { name: 'State' })).toHaveValue('Illinois');
  await entity.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await entity.getByRole('textbox', { name: 'Expiry date' }).fill('12/34');
  await entity.getByRole('textbox', { name: 'CVC' }).fill('123');
  await entity.getByRole('button', { name: 'Continue' }).click();
  await expect(entity.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();
  await choosePlanWithCoupon(entity, planName, couponCode);
  await entity.getByRole('button', { name: 'Continue' }).click();
  await expect(entity.getByText('Group created successfully.')).toBeVisible();
  await expect(entity.getByRole('heading', { name: 'Add Family Details' })).toBeVisible();

  // The coupon was redeemed once: the declined attempt did not count.
  await admin.reload();
  await expect(couponRow.getByRole('cell').nth(5)).toHaveText('1');
});

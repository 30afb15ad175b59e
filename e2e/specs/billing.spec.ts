// Billing end to end: an admin creates a plan and a 10 % coupon on /payments; an agency adds a family
// and its plan picker shows the discounted price; 4000 0000 0000 0002 is refused when saved, with the
// form kept; 4000 0000 0000 0341 is saved and declined when charged; 4242 4242 4242 4242 pays; the
// coupon counts one use. A card field's message does not swallow the click on Continue; a move to a
// one-time plan is confirmed first (Enter at once is Back); the wizard's steps are history entries of
// one family, a coupon typed and never left is checked on Continue, and the family page shows what it pays.
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, TEST_PAYER, TEST_PAYER_TYPED } from '@bridge-talk/contract/test-data';
import type { Browser, Page } from '@playwright/test';
import { activeEntity } from '../support/accounts.js';
import { E2E_ADMIN } from '../support/constants.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test } from '../support/fixtures.js';
import { fillCard, fillPaymentDetails } from '../support/payment-form.js';
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
  await fillPaymentDetails(entity, { cardNumber: TEST_CARDS.declined.spaced });
  await entity.getByRole('button', { name: 'Continue' }).click();
  const refusedAtSave = entity.getByRole('alert').filter({ hasText: DECLINED_MESSAGE });
  await expect(refusedAtSave).toBeVisible();
  // Dismissed, so that the next decline is a toast of its own.
  await refusedAtSave.click();
  await expect(refusedAtSave).toHaveCount(0);
  await expect(entity.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(entity).toHaveURL(/\/add-new-family$/);
  await expect(entity.getByRole('textbox', { name: 'Address' })).toHaveValue(TEST_PAYER.address);
  await expect(entity.getByRole('textbox', { name: 'Card number' })).toHaveValue(TEST_CARDS.declined.spaced);

  // This one saves, and is declined when charged.
  await entity.getByRole('textbox', { name: 'Card number' }).fill(TEST_CARDS.declinedWhenCharged.spaced);
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
  await expect(entity.getByRole('textbox', { name: 'Address' })).toHaveValue(TEST_PAYER.address);
  await expect(entity.getByRole('textbox', { name: 'Phone' })).toHaveValue(TEST_PAYER.phoneNumber);
  await expect(entity.getByRole('combobox', { name: 'State' })).toHaveValue(TEST_PAYER_TYPED.stateName);
  await fillCard(entity);
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

test("a card field's message does not swallow the click on Continue that left it", async ({
  page,
  request,
}) => {
  const agency = await activeEntity(request);
  await signIn(page, 'entity', agency.email, agency.password);
  await page.goto('/add-new-family');
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242');
  // One click, from the field: the form is checked as a whole (only a submit says the name is missing).
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Full name is a required field')).toBeVisible();
  await expect(page.getByText('Card number is invalid')).toBeVisible();
});

test('a monthly family moves to the one-time plan only after a confirmation naming the plan and price', async ({
  page,
  request,
}) => {
  const agency = await activeEntity(request);
  const family = await familyWithConversation(
    request,
    agency,
    { child: 'Robin Onetime', parent: 'Alice Adams', birth: 'Bella Birch' },
    { birth: ['Hello'], parent: 'Hi' },
  );
  await signIn(page, 'entity', agency.email, agency.password);
  await page.goto(`/manage-families/${family.groupId}/update-plan`);
  await page.getByRole('radio', { name: /^Lifetime: \$199\.00/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to a one-time plan?' });
  await expect(dialog).toContainText('The family moves to Lifetime and is charged $199.00 now, once.');
  // Enter at once is Back: nothing is charged.
  const changes: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/changeSubscription')) changes.push(r.url());
  });
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(changes).toEqual([]);

  await page.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('button', { name: 'Change plan and pay $199.00' }).click();
  await expect(page.getByText('Subscription update!')).toBeVisible();
  await expect(page.getByText('Plan: Lifetime')).toBeVisible();
  expect(changes).toHaveLength(1);
});

test('a family is added with Back, a bad coupon and a reload on the way, and its page shows what it pays', async ({
  page,
  request,
  consoleErrors,
}) => {
  // A code nobody created is looked up on purpose: the look-up answers 404.
  consoleErrors.expect(/status of 404 \(Not Found\) \(.*\/api\/group\/billing\/coupon\/NO-SUCH-CODE\)$/);
  const agency = await activeEntity(request);
  await signIn(page, 'entity', agency.email, agency.password);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Add New Family' })
    .click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await fillPaymentDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const stepTwo = page.getByRole('heading', { name: "Enter Child's Name and Select Plan" });
  await expect(stepTwo).toBeVisible();
  const groupId = new URL(page.url()).searchParams.get('groupId');
  expect(groupId).toMatch(/^[0-9a-f-]{36}$/);

  // The browser's Back: step 1 of the same family, its card on file; Forward: step 2 again.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('groupId')).toBe(groupId);
  await expect(page.getByText('Payment details saved: Visa ending in 4242.')).toBeVisible();
  await page.goForward();
  await expect(stepTwo).toBeVisible();

  await page.getByRole('textbox', { name: "Child's first name" }).fill('Robin');
  await page.getByRole('textbox', { name: "Child's last name" }).fill('Field');
  await page.getByRole('radio', { name: /^Lifetime: \$199\.00/ }).check();
  // A code typed and never left: Continue checks it first, and pays nothing with a bad one.
  const coupon = page.getByRole('textbox', { name: 'Coupon' });
  await coupon.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(coupon).toHaveAccessibleDescription('COUPON NOT VALID!');
  await expect(coupon).toHaveValue('');
  await expect(stepTwo).toBeVisible();

  // A reload keeps the step as typed.
  await page.reload();
  await expect(page.getByRole('textbox', { name: "Child's first name" })).toHaveValue('Robin');
  await expect(page.getByRole('textbox', { name: "Child's last name" })).toHaveValue('Field');
  await expect(page.getByRole('radio', { name: /^Lifetime: \$199\.00/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Group created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add Family Details' })).toBeVisible();

  await page.goto(`/manage-families/${groupId}/details`);
  await expect(page.getByText('Plan: Lifetime')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Price paid' })).toContainText('$199.00');
  await expect(page.getByRole('group', { name: 'Card' })).toContainText('Visa ending in 4242');
  const charges = page.getByRole('table', { name: 'Charges' });
  await expect(charges.getByRole('row').nth(1)).toContainText('$199.00');
  await expect(charges.getByRole('row').nth(1)).toContainText('Succeeded');
});

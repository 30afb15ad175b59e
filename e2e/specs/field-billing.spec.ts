// Field test, billing: the wizard's steps are history entries of one family (Back from step 2 is its
// step 1, not a new family); a coupon typed and never left is checked when Continue is pressed; step 2
// survives a reload; the family page then shows what the family pays and its charge.
import { activeEntity } from '../support/accounts.js';
import { expect, test } from '../support/fixtures.js';
import { fillPaymentDetails } from '../support/payment-form.js';
import { signIn } from '../support/sign-in.js';

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

// What people trying the portal for the first time tripped over, clicked through as they did: a toast
// that must survive the end of a session, the admin who lands on the wrong login, the side menu that
// must start a new family, a draft that must survive a reload, a paid change that must be confirmed, a
// reflexive Enter on a destructive confirmation, toasts over the page's buttons, names that are long,
// and browser tabs that say which page they are.
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { activeEntity, adminToken, agencyForm, codeIn, uniqueEmail } from '../support/accounts.js';
import { E2E_ADMIN } from '../support/constants.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { fillPaymentDetails } from '../support/payment-form.js';
import { signIn } from '../support/sign-in.js';

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Whether two boxes on the screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('an element has no box');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** The page is no wider than the window: nothing pushed it out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

test('a changed password ends the session on the login page, which says so', async ({ page, request }) => {
  const agency = await activeEntity(request);
  await signIn(page, 'entity', agency.email, agency.password);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await page.getByRole('link', { name: 'Change Password' }).click();
  const mail = await waitForMail(agency.email, /verification code/);
  await page.getByRole('textbox', { name: 'Received code' }).fill(codeIn(mail.text));
  await page.getByRole('textbox', { name: 'Received code' }).press('Enter');
  await page.getByRole('textbox', { name: 'New password' }).fill('Changed-Pass-9');
  await page.getByRole('textbox', { name: 'Re-type password' }).fill('Changed-Pass-9');
  await page.getByRole('button', { name: 'Change Password' }).click();

  await expect(page).toHaveURL(/\/login\/entity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Agency and lawyer login' })).toBeVisible();
  await expect(page.getByText('Change password successfully.')).toBeVisible();
  await expect(page).toHaveTitle('Agency and lawyer login · Bridge Talk');
  // The session is over: a signed-in page goes back to the login.
  await page.goto('/manage-families');
  await expect(page).toHaveURL(/\/login\/entity$/);
  await signIn(page, 'entity', agency.email, 'Changed-Pass-9');
});

test('an admin page opened without a session goes to the admin login, and back to it after', async ({
  page,
}) => {
  await signIn(page, 'admin', E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveTitle('Entity Management · Bridge Talk');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/admin$/);

  // After logout nothing in the browser says the visitor was an admin: the address does.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/bridge-talk-admin');
  await expect(page).toHaveURL(/\/login\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administrator login' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/bridge-talk-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bridge Talk Admin' })).toBeVisible();

  // Each login page leads to the other.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('link', { name: 'Agency or lawyer? Log in here' }).click();
  await expect(page).toHaveURL(/\/login\/entity$/);
  await page.getByRole('link', { name: 'Bridge Talk administrator? Log in here' }).click();
  await expect(page).toHaveURL(/\/login\/admin$/);
});

test('the side menu starts a new family; the family step keeps its entries through a reload', async ({
  page,
  request,
}) => {
  const agency = await activeEntity(request);
  await signIn(page, 'entity', agency.email, agency.password);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Add New Family' }).click();
  await expect(page).toHaveTitle('Add New Family · Bridge Talk');
  await fillPaymentDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();

  // The menu again: a new family from the first step, not the unfinished one.
  await menu.getByRole('link', { name: 'Add New Family' }).click();
  await expect(page).toHaveURL(/\/add-new-family$/);
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cardholder name' })).toHaveValue('');
  await expect(page.getByText(/Payment details saved/)).toHaveCount(0);

  // The unfinished family is resumed from the list, named, and its people typed in.
  await menu.getByRole('link', { name: 'Manage Families' }).click();
  await page.getByRole('link', { name: 'View family not named yet' }).click();
  await expect(page.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();
  await page.getByRole('textbox', { name: "Child's first name" }).fill('Robin');
  await page.getByRole('textbox', { name: "Child's last name" }).fill('Draft');
  await page.getByRole('radio', { name: /^Monthly:/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Add Family Details' })).toBeVisible();
  const parent = page.getByRole('group', { name: 'Adoptive parent 1' });
  await parent.getByRole('textbox', { name: 'Email' }).fill('alice.draft@e2e.local');
  await parent.getByRole('textbox', { name: 'First name' }).fill('Alice');
  await parent.getByRole('textbox', { name: 'Last name' }).fill('Adams');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Add Family Details' })).toBeVisible();
  await expect(parent.getByRole('textbox', { name: 'Email' })).toHaveValue('alice.draft@e2e.local');
  await expect(parent.getByRole('textbox', { name: 'First name' })).toHaveValue('Alice');
  await expect(parent.getByRole('textbox', { name: 'Last name' })).toHaveValue('Adams');
  // The draft is the tab's, never in the storage that outlives it.
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain('alice.draft');
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

test("a destructive confirmation opens on Back, and the toasts never cover the page's buttons", async ({
  page,
  request,
}) => {
  const name = `Enter Proof ${uniqueEmail('x').slice(2, 8)}`;
  const token = await adminToken(request);
  const created = await request.post('/api/entity/create', {
    headers: { authorization: `Bearer ${token}` },
    data: agencyForm(name, uniqueEmail('enter')),
  });
  expect(created.ok()).toBe(true);
  await signIn(page, 'admin', E2E_ADMIN.email, E2E_ADMIN.password, { land: false });

  // The sign-in toast shows while the page's own 'Add Account' is there to click.
  const toast = page.getByRole('alert').filter({ hasText: 'Login successfully.' });
  await expect(toast).toBeVisible();
  const addAccount = page.getByRole('link', { name: 'Add Account' });
  await expect(addAccount).toBeVisible();
  expect(await overlap(toast, addAccount)).toBe(false);

  await page.getByPlaceholder('Search for entities or lawyers').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Active');
  const edits: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/entity/edit/')) edits.push(r.url());
  });
  await row.getByRole('button', { name: 'Disable' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(edits).toEqual([]);
  await expect(row).toContainText('Active');
});

test('long names wrap or are cut with their full text at hand, and never widen a page', async ({
  browser,
  baseURL,
  request,
}) => {
  // 150 characters without a space, as a name pasted from a system that joins words.
  const longName = `Agency${randomUUID().slice(0, 8)}${'Wonderfullylongname'.repeat(8)}`.slice(0, 150);
  const agency = await activeEntity(request, { name: longName });
  const longPerson = `Bartholomew-Maximilian ${'Featherstonehaugh'.repeat(3)}`.slice(0, 60);
  const family = await familyWithConversation(
    request,
    agency,
    { child: 'Robin Long', parent: longPerson, birth: 'Bella Birch' },
    { birth: ['Hello'], parent: 'Hi' },
  );

  const admin = await newPage(browser, baseURL);
  await signIn(admin, 'admin', E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.getByPlaceholder('Search for entities or lawyers').fill(longName.slice(0, 30));
  const cell = admin.getByRole('cell', { name: longName, exact: true });
  await expect(cell).toBeVisible();
  await expect(cell.locator('[title]')).toHaveAttribute('title', longName);
  await expectNoSidewaysScroll(admin);
  const table = admin.getByRole('table');
  const fits = await table.evaluate((t) => {
    const card = t.closest('.mantine-Paper-root') ?? t.parentElement!;
    return t.getBoundingClientRect().right <= card.getBoundingClientRect().right + 1;
  });
  expect(fits).toBe(true);
  await expect(
    admin.getByRole('row', { name: new RegExp(longName.slice(0, 30)) }).getByText('Active'),
  ).toBeVisible();
  await admin.screenshot({ path: 'e2e/.artifacts/screens/long-entity-list.png', fullPage: true });
  await admin
    .getByRole('row', { name: new RegExp(longName.slice(0, 30)) })
    .getByRole('link', { name: 'View' })
    .click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(longName);
  await expectNoSidewaysScroll(admin);
  await expect(admin).toHaveTitle(`${longName} · Bridge Talk`);
  await admin.screenshot({ path: 'e2e/.artifacts/screens/long-entity-details.png', fullPage: true });

  const entity = await newPage(browser, baseURL);
  await signIn(entity, 'entity', agency.email, agency.password);
  await entity.goto(`/manage-families/${family.groupId}/details`);
  const members = entity.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('cell', { name: longPerson, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(entity);
  const membersFit = await members.evaluate((t) => {
    const card = t.closest('.mantine-Paper-root')!;
    return t.getBoundingClientRect().right <= card.getBoundingClientRect().right + 1;
  });
  expect(membersFit).toBe(true);
  await expect(members.getByRole('switch', { name: `Status of ${longPerson}` })).toBeInViewport();

  // The family renamed with a long name of one word: its page and the families list keep to the window.
  const longFamily = 'Wonderfullylongfamilyname'.repeat(6).slice(0, 120);
  await entity.goto(`/manage-families/${family.groupId}/edit-group`);
  await entity.getByRole('textbox', { name: 'Group name' }).fill(longFamily);
  await entity.getByRole('button', { name: 'Save' }).click();
  await expect(entity.getByRole('heading', { level: 1 })).toHaveText(longFamily);
  await expectNoSidewaysScroll(entity);
  await entity.goto('/manage-families');
  const families = entity.getByRole('table');
  await expect(families.getByRole('cell', { name: longFamily, exact: true })).toBeVisible();
  const familiesFit = await families.evaluate((t) => {
    const card = t.closest('.mantine-Paper-root')!;
    return t.getBoundingClientRect().right <= card.getBoundingClientRect().right + 1;
  });
  expect(familiesFit).toBe(true);
  await expect(families.getByRole('link', { name: `View ${longFamily}` })).toBeInViewport();
  await entity.screenshot({ path: 'e2e/.artifacts/screens/long-family-page.png', fullPage: true });
});

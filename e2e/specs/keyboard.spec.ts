// The keyboard alone: password reset (forgot → the e-mailed code → a new password), logging
// out and in, the three steps of the add-family wizard with the local card, and a conversation (its
// message log scrolled, the channel switched off and on, the export sent). Focus moves by Tab and
// Shift+Tab only; keys act on what has focus; the key controls show a visible focus indicator. Steps 2
// and 3 of the wizard, which the route scan of accessibility.spec.ts does not reach, are scanned too.
import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER, TEST_PAYER_TYPED } from '@bridge-talk/contract/test-data';
import type { Browser, Locator, Page } from '@playwright/test';
import { activeEntity, codeIn, uniqueEmail } from '../support/accounts.js';
import { expectAccessible } from '../support/axe.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { sharedServer } from '../support/shared-servers.js';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let page: Page;
let agency: { email: string; password: string };
const child = 'Kai Keyboard';

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: sharedServer().baseUrl });
  agency = await activeEntity(request);
  // A conversation long enough to scroll: more messages than the log's fixed height shows.
  await familyWithConversation(
    request,
    agency,
    { child, parent: 'Pia Parent', birth: 'Bob Birth' },
    {
      birth: Array.from({ length: 24 }, (_, i) => `<p>Message ${i + 1} from the birth family.</p>`),
      parent: '<p>The newest message.</p>',
    },
  );
  await request.dispose();
  page = await newPage(browser);
});

test.afterAll(async () => {
  await page?.context().close();
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: sharedServer().baseUrl });
  return context.newPage();
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails when it is not reached in `max` presses. */
async function tabTo(target: Locator, { backwards = false, max = 40 } = {}) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${target} not reached with ${max} × ${key}`);
}

/**
 * The focused control is visibly marked: an outline or a ring on it or, for the visually hidden input
 * of a switch or a radio card, on the part that is drawn.
 */
async function expectFocusIndicator(target: Locator) {
  await expect(target).toBeFocused();
  const marked = await target.evaluate((element) => {
    const ring = (el: Element | null) => {
      if (!el) return false;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const hidden = getComputedStyle(element).opacity === '0';
    return ring(element) || (hidden && ring(element.nextElementSibling));
  });
  expect(marked, `${target} shows where the focus is`).toBe(true);
}

async function type(target: Locator, text: string) {
  await tabTo(target);
  await page.keyboard.type(text);
}

const textbox = (name: string | RegExp, scope: Page | Locator = page) =>
  scope.getByRole('textbox', { name, exact: typeof name === 'string' });

test('password reset with the keyboard alone: forgot password, the e-mailed code, a new password', async () => {
  await page.goto('/login/entity');
  // The e-mail field has the focus when the page opens.
  await expect(textbox('Email')).toBeFocused();
  const forgot = page.getByRole('link', { name: 'Forgot password' });
  await tabTo(forgot);
  await expectFocusIndicator(forgot);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/forgot-password\/entity$/);

  await type(textbox('Email'), agency.email);
  const send = page.getByRole('button', { name: 'Send code' });
  await tabTo(send);
  await expectFocusIndicator(send);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/activation-code\/entity$/);

  const mail = await waitForMail(agency.email, /verification code/);
  await type(textbox('Code'), codeIn(mail.text));
  await tabTo(page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/new-password\/entity$/);

  agency.password = 'Keyboard-Pass-9';
  await type(textbox('New password'), agency.password);
  await type(textbox('Re-type password'), agency.password);
  await expect(
    page.getByRole('list', { name: 'Password requirements' }).locator('[data-met="true"]'),
  ).toHaveCount(5);
  await tabTo(page.getByRole('button', { name: 'Save password' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manage-families$/);
});

test('log out and log in with the keyboard alone', async () => {
  const userMenu = page.getByRole('button', { name: 'User menu' });
  await tabTo(userMenu);
  await expectFocusIndicator(userMenu);
  await page.keyboard.press('Enter');
  // The menu opens with focus on its first item (a person sees it highlighted), one down is Logout.
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\/entity$/);

  await expect(textbox('Email')).toBeFocused();
  await page.keyboard.type(agency.email);
  await type(textbox('Password'), agency.password);
  const remember = page.getByRole('checkbox', { name: 'Remember me' });
  await tabTo(remember);
  await expectFocusIndicator(remember);
  await expect(remember).toBeChecked();
  // Back to the password with Shift+Tab, then forward to the button.
  await tabTo(textbox('Password'), { backwards: true, max: 3 });
  const logIn = page.getByRole('button', { name: 'Log in' });
  await tabTo(logIn);
  await expectFocusIndicator(logIn);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manage-families$/);
});

test('add a family in three steps with the keyboard alone', async () => {
  const menuLink = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Add New Family' });
  await tabTo(menuLink);
  await expectFocusIndicator(menuLink);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();

  // Step 1: payment details with the local card; the state is chosen in its list by typing.
  await type(textbox('Cardholder name'), 'Kim Keys');
  await type(textbox('Card number'), TEST_CARDS.paid.digits);
  await type(textbox('Expiry date'), TEST_CARD_DETAILS.expiryTyped);
  await type(textbox('CVC'), TEST_CARD_DETAILS.cvc);
  await type(textbox('Address'), TEST_PAYER.address);
  await type(textbox('City'), TEST_PAYER.city);
  const state = page.getByRole('combobox', { name: 'State' });
  await tabTo(state);
  await page.keyboard.type('Illin');
  await expect(page.getByRole('option', { name: 'Illinois' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(state).toHaveValue('Illinois');
  await type(textbox('ZIP'), TEST_PAYER.zip);
  await type(textbox('Phone'), TEST_PAYER_TYPED.phone);
  await expect(textbox('Phone')).toHaveValue(TEST_PAYER.phoneNumber);
  await type(textbox('Email'), uniqueEmail('keys-payer'));
  const next = page.getByRole('button', { name: 'Continue', exact: true });
  await tabTo(next);
  await expectFocusIndicator(next);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment created successfully.')).toBeVisible();

  // Step 2: the child's name and a plan, picked with the arrow keys.
  await expect(page.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();
  await expectAccessible(page, 'wizard step 2');
  await type(textbox("Child's first name"), 'Kit');
  await type(textbox("Child's last name"), 'Keys');
  const monthly = page.getByRole('radio', { name: /^Monthly: / });
  await tabTo(page.getByRole('radio').first());
  await expectFocusIndicator(page.getByRole('radio').first());
  for (let presses = 0; presses < 4 && !(await monthly.isChecked()); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(monthly).toBeChecked();
  await tabTo(page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Group created successfully.')).toBeVisible();

  // Step 3: the people.
  await expect(page.getByRole('heading', { name: 'Add Family Details' })).toBeVisible();
  await expectAccessible(page, 'wizard step 3');
  const slot = (name: string) => page.getByRole('group', { name });
  await type(textbox('Email', slot('Adoptive parent 1')), uniqueEmail('keys-parent'));
  await type(textbox('First name', slot('Adoptive parent 1')), 'Ada');
  await type(textbox('Last name', slot('Adoptive parent 1')), 'Keys');
  await type(textbox('Email', slot('Birth family 1')), uniqueEmail('keys-birth'));
  await type(textbox('First name', slot('Birth family 1')), 'Bea');
  await type(textbox('Last name', slot('Birth family 1')), 'Keys');
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await tabTo(confirm);
  await expectFocusIndicator(confirm);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Group created.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kit', level: 1 })).toBeVisible();
});

test('a conversation with the keyboard alone: open it, scroll the log, switch the channel, export', async () => {
  const menuLink = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Manage Families' });
  await tabTo(menuLink, { backwards: true });
  await page.keyboard.press('Enter');
  const view = page.getByRole('link', { name: `View ${child.split(' ')[0]}` });
  await tabTo(view);
  await expectFocusIndicator(view);
  await page.keyboard.press('Enter');
  const channel = page.getByRole('link', { name: 'View Channel 1' });
  await tabTo(channel);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);

  // The log opens at the newest message; Page Up and Home scroll it back.
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('The newest message.')).toBeVisible();
  await tabTo(log);
  await expectFocusIndicator(log);
  const bottom = await log.evaluate((element) => element.scrollTop);
  expect(bottom).toBeGreaterThan(0);
  // The browser animates Page Up: the next keys wait for its end, as a reader's would, or the
  // animation's last frames would put the box back where Page Up aimed after Home and End.
  await log.evaluate((element) => {
    const scrolled = new Promise((done) => element.addEventListener('scrollend', done, { once: true }));
    (window as unknown as { pagedUp: Promise<unknown> }).pagedUp = scrolled;
  });
  await page.keyboard.press('PageUp');
  await page.evaluate(() => (window as unknown as { pagedUp: Promise<unknown> }).pagedUp);
  await expect.poll(() => log.evaluate((element) => element.scrollTop)).toBeLessThan(bottom);
  await page.keyboard.press('Home');
  await expect(log.getByText('Message 1 from the birth family.')).toBeInViewport();
  await page.keyboard.press('End');
  await expect(log.getByText('The newest message.')).toBeInViewport();

  // The channel's switch, off after the confirmation and on again.
  const status = page.getByRole('switch', { name: 'Channel status' });
  await tabTo(status, { backwards: true });
  await expectFocusIndicator(status);
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Do you really want to change the status of the current channel?');
  // Disabling is destructive: the dialog opens on Back, and Tab reaches Confirm.
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
  await tabTo(dialog.getByRole('button', { name: 'Confirm' }), { max: 2 });
  await page.keyboard.press('Enter');
  await expect(status).not.toBeChecked();
  await expect(dialog).toHaveCount(0);
  await expect(status).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status).toBeChecked();

  // The export: the dialog takes the focus; Escape would close it, Enter on Confirm sends it.
  const exportButton = page.getByRole('button', { name: 'EXPORT' });
  await tabTo(exportButton);
  await expectFocusIndicator(exportButton);
  await page.keyboard.press('Enter');
  const exporting = page.getByRole('dialog', { name: 'Export conversation' });
  const email = uniqueEmail('keys-records');
  await expect(textbox(/^Email/, exporting)).toBeFocused();
  await page.keyboard.type(email);
  await type(textbox(/^Re-type email/, exporting), email);
  const send = exporting.getByRole('button', { name: 'Confirm' });
  await tabTo(send);
  await expectFocusIndicator(send);
  await page.keyboard.press('Enter');
  await expect(page.getByText('You will receive an email message soon!')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

// The frame of every page: toasts over none of its controls at a phone's, a tablet's and a desktop's
// width; a skip link first and focus back where a dialog was opened, by keyboard alone; names in
// right-to-left scripts laid out so, and long values that wrap instead of widening the page. A
// destructive confirmation opens on Back, so that a reflexive Enter does nothing.
import { randomUUID } from 'node:crypto';
import { MSG } from '@bridge-talk/contract';
import type { Browser, Locator, Page } from '@playwright/test';
import { activeEntity, adminToken, agencyForm, uniqueEmail } from '../support/accounts.js';
import { E2E_ADMIN } from '../support/constants.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test } from '../support/fixtures.js';
import { signIn, signInAdmin } from '../support/sign-in.js';

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box: ${locator}`);
  return box;
}

type Box = Awaited<ReturnType<typeof boxOf>>;

function intersect(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether two boxes on the screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  return intersect(await boxOf(a), await boxOf(b));
}

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** The page is no wider than the window: nothing pushed it out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

for (const width of [390, 768, 1366]) {
  test(`at ${width} px a toast covers neither the user menu, the menu button nor the brand`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAdmin(page);
    const toast = page.getByRole('alert').filter({ hasText: MSG.auth.loginSuccess });
    await expect(toast).toBeVisible();
    // Its entrance animation over, the toast is where it stays.
    const card = page.locator('.Toastify__toast', { hasText: MSG.auth.loginSuccess });
    await card.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
    const box = await boxOf(card);
    const userMenu = await boxOf(page.getByRole('button', { name: 'User menu' }));
    expect(intersect(box, userMenu), 'toast over the user menu').toBe(false);
    const burger = page.getByRole('button', { name: MSG.frame.menu, exact: true });
    if (await burger.isVisible())
      expect(intersect(box, await boxOf(burger)), 'toast over the menu button').toBe(false);
    if (width >= 768) {
      const brand = page.getByRole('banner').getByRole('link', { name: MSG.frame.productName });
      expect(intersect(box, await boxOf(brand)), 'toast over the brand link').toBe(false);
    }
    // In the header's band: over nothing of the page under it.
    expect(box.y + box.height).toBeLessThanOrEqual(76);
    expect(box.width).toBeGreaterThanOrEqual(200);
  });
}

/** The skip link reached by `key`, and what it does: it moves focus to the main content. */
async function skipToMain(page: Page, key = 'Tab') {
  await page.keyboard.press(key);
  const skip = page.getByRole('link', { name: MSG.frame.skipToMain });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

test('by keyboard: the skip link comes first and leads past the header and the menu; a dialog gives focus back to its opener', async ({
  page,
  request,
}) => {
  // Logged out: past the brand, to the form.
  // The form's e-mail field has focus when the page shows: the skip link is the one element before it.
  await page.goto('/login/entity');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await skipToMain(page, 'Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  // The terms modal, opened from its link, gives focus back to it.
  const termsLink = page.getByRole('button', { name: MSG.auth.termsOfUse });
  await termsLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: MSG.auth.termsOfUse })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(termsLink).toBeFocused();

  // Signed in: past the header and the side menu, to the page's own first control.
  const token = await adminToken(request);
  const name = `Keyboard Admin ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/admin/users/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, email: uniqueEmail('keyboard-admin'), subtype: 'admin' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await signInAdmin(page);
  // A page load starts from the top of the page.
  await page.goto('/bridge-talk-admin?page=1');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await skipToMain(page);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

  // The confirmation before removing an admin: Back, Escape, the close button — focus is back on Remove.
  const remove = page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Remove' });
  for (const close of ['Back', 'Escape', 'Close'] as const) {
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: close }).click();
    await expect(dialog).toHaveCount(0);
    await expect(remove, `after ${close}`).toBeFocused();
  }
});

test('a Hebrew or Arabic name reads right to left where it is shown; a long unbroken address wraps on a phone', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const hebrew = `סוכנות אימוץ שלום ${randomUUID().slice(0, 4)}`;
  const address = `Rehov-${'HaShalom'.repeat(20)}`;
  const response = await request.post('/api/entity/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...agencyForm(hebrew, uniqueEmail('rtl')), address },
  });
  expect(response.status(), await response.text()).toBe(201);
  const entity: { _id: string } = await response.json();

  await signInAdmin(page);
  await page.getByRole('searchbox', { name: 'Search for entities or lawyers' }).fill(hebrew);
  const cell = page.getByRole('row').filter({ hasText: hebrew }).getByText(hebrew, { exact: true });
  await expect(cell).toBeVisible();
  const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);
  expect(await direction(cell)).toBe('rtl');
  // A name in Latin letters beside it keeps left to right.
  expect(await direction(page.getByRole('columnheader', { name: 'Name' }))).toBe('ltr');

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/entity-management/${entity._id}/details`);
  const title = page.getByRole('heading', { level: 1, name: hebrew });
  await expect(title).toBeVisible();
  expect(await direction(title)).toBe('rtl');
  const field = page.getByRole('textbox', { name: 'Address' });
  await expect(field).toHaveValue(address);
  // Wrapped: the whole value is in the field's width, and the page is no wider than the phone.
  expect(await field.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await field.evaluate((element) => element.clientHeight > 60)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await direction(page.getByRole('textbox', { name: MSG.fields.entityName }))).toBe('rtl');
});

test('at 390 px a long unbroken word in the terms wraps: the modal and the page keep their headings in view', async ({
  page,
}) => {
  const word = `https://example.org/${'averyveryverylongpath'.repeat(12)}`;
  const terms = {
    _id: 'long',
    document: 'terms',
    content: `<h2>Long terms</h2><p>${word}</p>`,
    version: 7,
    updatedAt: new Date().toISOString(),
    author: null,
  };
  await page.route(/\/api\/term\/last(\?document=terms)?$/, (route) => route.fulfill({ json: terms }));
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/login/entity');
  const link = page.getByRole('button', { name: MSG.auth.termsOfUse });
  await link.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: MSG.auth.termsOfUse });
  await expect(dialog.getByText(word)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: MSG.auth.termsOfUse })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  const content = dialog.getByTestId('terms-content');
  expect(await content.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.keyboard.press('Escape');

  await signInAdmin(page);
  await page.goto('/terms-conditions');
  await expect(page.getByText(word)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: MSG.nav.termsAndConditions })).toBeInViewport({
    ratio: 1,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
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

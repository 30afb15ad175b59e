// Terms and Conditions: the first version written in the self-hosted editor, a second version edited
// from it, both shown on /terms-conditions and in the logged-out modal; the editor's code is loaded by
// its route only; and hostile html never runs. Before any terms exist the page offers to write the first
// ones and never publishes an empty editor: that test comes first, while the shared server has none.
import type { Page, Response } from '@playwright/test';
import { adminToken } from '../support/accounts.js';
import { E2E_ADMIN } from '../support/constants.js';
import { expect, test } from '../support/fixtures.js';
import { signInAdmin } from '../support/sign-in.js';

/**
 * The login page focuses its e-mail field; a mouse click elsewhere first blurs it, and the validation
 * message that appears moves the link away from under the pointer. The keyboard opens the modal reliably.
 */
async function openTermsModal(page: Page) {
  const link = page.getByRole('button', { name: 'Terms of use' });
  await link.focus();
  await link.press('Enter');
}

const editorBody = (page: Page) => page.frameLocator('iframe.tox-edit-area__iframe').locator('body');

/** The editor is a large script: on a busy machine it may take more than the usual 10 s to start. */
async function waitForEditor(page: Page) {
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 30_000 });
  await expect(editorBody(page)).toBeVisible();
}

test('before any terms exist the page offers to write the first ones; an empty editor is not published', async ({
  page,
  request,
}) => {
  await signInAdmin(page);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Terms and Conditions' })
    .click();
  await expect(page.getByText('The terms and conditions have not been published yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Write the first terms' }).click();
  await expect(page).toHaveURL(/\/terms-conditions\/new$/);
  // The editor is a large script: on a busy machine it may take more than the usual 10 s to start.
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled({ timeout: 30_000 });
  const editor = page.frameLocator('iframe.tox-edit-area__iframe').locator('body');
  await expect(editor).toBeVisible();

  // Nothing written.
  await save.click();
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'The terms are empty. Write them before saving.' });
  await expect(refusal).toBeVisible();
  await expect(page).toHaveURL(/\/terms-conditions\/new$/);

  // Only empty paragraphs and spaces.
  await editor.click();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter');
  }
  await expect(refusal).toHaveCount(0);
  await save.click();
  await expect(refusal).toBeVisible();
  await expect(page.getByText('Terms and conditions saved.')).toHaveCount(0);

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/terms-conditions$/);
  await expect(page.getByText('The terms and conditions have not been published yet.')).toBeVisible();
  // None in force is an answer, not a failure: the logged-out modal's request never errs.
  const last = await request.get('/api/term/last');
  expect(last.status()).toBe(200);
  expect(await last.json()).toBeNull();
});

test('the first version is written in the editor, a second edited from it; both are shown', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Terms and Conditions' })
    .click();
  await expect(page.getByText('The terms and conditions have not been published yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Write the first terms' }).click();
  await expect(page).toHaveURL(/\/terms-conditions\/new$/);
  await expect(page.getByText('New Term')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Version' })).toHaveValue('1');
  await waitForEditor(page);

  // The editor of the spec: height 500, a menu bar, and its toolbar.
  const box = await page.locator('.tox-tinymce').boundingBox();
  expect(box?.height).toBe(500);
  for (const menu of ['File', 'Edit', 'View', 'Insert', 'Format', 'Help']) {
    await expect(page.getByRole('menubar').getByRole('menuitem', { name: menu })).toBeVisible();
  }
  const toolbar = page.getByRole('toolbar').first();
  for (const button of [
    'Undo',
    'Redo',
    'Bold',
    'Italic',
    'Align left',
    'Align center',
    'Align right',
    'Justify',
    'Decrease indent',
    'Increase indent',
    'Clear formatting',
    'Help',
  ]) {
    await expect(toolbar.getByRole('button', { name: button, exact: true })).toBeVisible();
  }
  await expect(toolbar.getByRole('button', { name: /^Block/ })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: /^Background color/ }).first()).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Bullet list', exact: true }).first()).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Numbered list', exact: true }).first()).toBeVisible();

  await editorBody(page).click();
  await page.keyboard.type('Welcome to Bridge Talk. ');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('Be kind.');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/terms-conditions$/);
  await expect(page.getByText('Terms and conditions saved.')).toBeVisible();
  await expect(page.getByText('Welcome to Bridge Talk.')).toBeVisible();
  await expect(page.locator('strong', { hasText: 'Be kind.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Version' })).toHaveValue('1');
  await expect(page.getByText('Last Update')).toBeVisible();
  const today = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date());
  await expect(page.getByText(today)).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/terms-conditions\/[0-9a-f-]{36}$/);
  await waitForEditor(page);
  await expect(editorBody(page)).toContainText('Welcome to Bridge Talk. Be kind.');
  await expect(page.getByRole('textbox', { name: 'Version' })).toHaveValue('2');
  // The address survives a reload: the editor starts again from that version.
  await page.reload();
  await waitForEditor(page);
  await expect(editorBody(page)).toContainText('Be kind.');
  await editorBody(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second version: messages are kept for the family.');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/terms-conditions$/);
  await expect(page.getByText('Second version: messages are kept for the family.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Version' })).toHaveValue('2');

  // Visitors read the same terms in the modal of the logged-out screens.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/login/entity');
  await openTermsModal(visitorPage);
  const modal = visitorPage.getByRole('dialog');
  await expect(modal).toContainText('Second version: messages are kept for the family.');
  await expect(modal).toContainText('Be kind.');
  await visitor.close();
});

test('a save without a change makes no version; earlier versions read-only; the privacy policy beside the terms, in its own modal', async ({
  page,
  browser,
}) => {
  const today = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date());
  await signInAdmin(page);
  await page.goto('/terms-conditions');
  const version = page.getByRole('textbox', { name: 'Version' });
  const inForce = Number(await version.inputValue());
  expect(inForce).toBeGreaterThanOrEqual(2);

  // Saved as it is: the server makes no version, and the page says so.
  await page.getByRole('link', { name: 'Edit' }).click();
  await waitForEditor(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/terms-conditions$/);
  await expect(
    page.getByText(`Nothing changed since version ${inForce}: no new version was saved.`),
  ).toBeVisible();
  await expect(page.getByText('Terms and conditions saved.')).toHaveCount(0);
  await expect(version).toHaveValue(String(inForce));
  const versions = page.getByRole('table', { name: 'Every saved version of the terms of use' });
  await expect(versions.getByRole('row')).toHaveCount(inForce + 1);
  await expect(versions.getByRole('row').nth(1)).toContainText('In force');
  await expect(versions.getByRole('row').nth(1)).toContainText(E2E_ADMIN.name);

  // The first version, read-only, reload-safe.
  await versions.getByRole('link', { name: 'View version 1' }).click();
  await expect(page).toHaveURL(/\/terms-conditions\/versions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Version 1' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Version 1' })).toBeVisible();
  await expect(
    page.getByText('An earlier version, kept as it was saved. Only the latest version is in force.'),
  ).toBeVisible();
  await expect(page.getByTestId('terms-content')).toContainText('Welcome to Bridge Talk. Be kind.');
  await expect(page.getByTestId('terms-content')).not.toContainText('Second version');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit from this version' })).toBeVisible();

  // The privacy policy: a second document, written beside the terms, in its own tab.
  await page.goto('/terms-conditions');
  await page.getByRole('tab', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/terms-conditions\?document=privacy$/);
  await expect(page.getByText('The privacy policy has not been published yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Write the first privacy policy' }).click();
  await expect(page).toHaveURL(/\/terms-conditions\/new\?document=privacy$/);
  await expect(page.getByRole('textbox', { name: 'Version' })).toHaveValue('1');
  await waitForEditor(page);
  await editorBody(page).click();
  await page.keyboard.type('We keep your family conversations private.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/terms-conditions\?document=privacy$/);
  await expect(page.getByText('Privacy policy saved.')).toBeVisible();
  await expect(page.getByTestId('terms-content')).toContainText('We keep your family conversations private.');
  await expect(version).toHaveValue('1');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Privacy policy' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('terms-content')).toContainText('We keep your family conversations private.');

  // Visitors: each link opens its own document, with its version and date.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/login/entity');
  const privacyLink = visitorPage.getByRole('button', { name: 'Privacy policy' });
  await privacyLink.focus();
  await privacyLink.press('Enter');
  const privacy = visitorPage.getByRole('dialog', { name: 'Privacy policy' });
  await expect(privacy).toContainText('We keep your family conversations private.');
  await expect(privacy).toContainText(`Version 1 · Last updated ${today}`);
  await expect(privacy).not.toContainText('Be kind.');
  await visitorPage.keyboard.press('Escape');
  await expect(privacy).toHaveCount(0);
  await expect(privacyLink).toBeFocused();
  await openTermsModal(visitorPage);
  const terms = visitorPage.getByRole('dialog', { name: 'Terms of use' });
  await expect(terms).toContainText('Be kind.');
  await expect(terms).toContainText(`Version ${inForce} · Last updated`);
  await visitor.close();
});

/** What Chromium's clipboard holds when a bulleted list is copied from Word. */
const WORD_LIST =
  '<p class=MsoListParagraphCxSpFirst style="text-indent:-.25in;mso-list:l0 level1 lfo1"><!--[if !supportLists]-->' +
  '<span style="font-family:Symbol"><span style="mso-list:Ignore">·<span style="font:7.0pt Times">&nbsp;&nbsp; </span></span></span>' +
  '<!--[endif]-->Pasted first<o:p></o:p></p>' +
  '<p class=MsoListParagraphCxSpLast style="text-indent:-.25in;mso-list:l0 level1 lfo1">' +
  '<span style="font-family:Symbol"><span style="mso-list:Ignore">·<span>&nbsp; </span></span></span>Pasted second<o:p></o:p></p>';

/** The light yellow of the palette, the background colour button's default. */
const LIGHT_YELLOW = 'rgb(251, 238, 184)';

async function expectFormatted(page: Page) {
  const centred = page.getByTestId('terms-content').locator('p', { hasText: 'Centred and marked' });
  await expect(centred).toHaveCSS('text-align', 'center');
  await expect(centred.locator('span', { hasText: 'Centred and marked' })).toHaveCSS(
    'background-color',
    LIGHT_YELLOW,
  );
  const list = page.getByTestId('terms-content').locator('ul', { hasText: 'Pasted first' });
  await expect(list.getByRole('listitem')).toHaveText(['Pasted first', 'Pasted second']);
}

test('what the editor offers is what readers see: centring and a background colour survive a reload and reach the modal; Word lists stay lists', async ({
  page,
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const saved = await request.post('/api/term/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'Term 1', content: '<p>Formatting terms.</p>' },
  });
  expect(saved.status()).toBe(201);
  await signInAdmin(page);
  await page.goto(`/terms-conditions/${(await saved.json())._id}`);
  await waitForEditor(page);

  // The Format menu offers no font, size or line height: the terms would not keep them.
  await page.getByRole('menubar').getByRole('menuitem', { name: 'Format' }).click();
  const formatMenu = page.getByRole('menu');
  await expect(formatMenu.getByRole('menuitem', { name: 'Align' })).toBeVisible();
  for (const dropped of ['Fonts', 'Font sizes', 'Line height']) {
    await expect(formatMenu.getByRole('menuitem', { name: dropped })).toHaveCount(0);
  }
  await page.keyboard.press('Escape');

  await editorBody(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Centred and marked');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Align center', exact: true }).click();
  await page
    .getByRole('toolbar')
    .first()
    .getByRole('button', { name: /^Background color/ })
    .first()
    .click();
  // The button's colour before any other is picked is the palette's light yellow, not black.
  await expect(editorBody(page).locator('span', { hasText: 'Centred and marked' })).toHaveCSS(
    'background-color',
    LIGHT_YELLOW,
  );
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await editorBody(page).evaluate((body, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', 'Pasted first\nPasted second');
    body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, WORD_LIST);
  await expect(editorBody(page).locator('ul li')).toHaveText(['Pasted first', 'Pasted second']);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/terms-conditions$/);
  await expectFormatted(page);
  // Served under the page's strict policy (no inline styles): the formatting is the stylesheet's.
  await page.reload();
  await expectFormatted(page);
  expect(await page.getByTestId('terms-content').innerHTML()).not.toContain('style=');

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/login/entity');
  await openTermsModal(visitorPage);
  await expect(visitorPage.getByRole('dialog')).toContainText('Centred and marked');
  await expectFormatted(visitorPage);
  await visitor.close();
});

test('only the terms editor route downloads the editor', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response);
  });
  const bundled = async () => {
    const bodies = await Promise.all(scripts.map((s) => s.text().catch(() => '')));
    return bodies.some((body) => body.includes('tinymce.Resource.add'));
  };
  await signInAdmin(page);
  for (const path of ['/entity-management', '/bridge-talk-admin', '/terms-conditions']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  }
  await expect(page.getByText('Last Update')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(await bundled()).toBe(false);
  await page.getByRole('link', { name: 'Edit' }).click();
  await waitForEditor(page);
  expect(await bundled()).toBe(true);
  expect(scripts.every((s) => new URL(s.url()).origin === new URL(page.url()).origin)).toBe(true);
});

const PAYLOAD =
  '<p>Safe text</p>' +
  '<img src="x" onerror="top.__pwned = (top.__pwned || 0) + 1">' +
  '<script>top.__pwned = (top.__pwned || 0) + 10</script>' +
  '<svg onload="top.__pwned = 100"></svg>' +
  '<p><a href="javascript:top.__pwned = 1000">A link</a></p>';

/** The public read of the terms of use in force. */
const TERMS_IN_FORCE = /\/api\/term\/last\?document=terms$/;

/** Terms as if the server's sanitiser had been bypassed. */
const rawTerms = () => ({
  _id: 'raw',
  document: 'terms',
  content: PAYLOAD,
  version: 99,
  updatedAt: new Date().toISOString(),
  author: null,
});

async function pwned(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);
}

test('a <script> or onerror payload saved in the terms never executes', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  // The html made to bypass the server's sanitiser: Chromium reports each handler the page's policy
  // refuses, even in the parser's inert copy that the browser's sanitiser reads.
  consoleErrors.expect(
    /^Executing inline event handler violates the following Content Security Policy directive 'script-src-attr 'none''/,
  );
  consoleErrors.expect(/^Content Security Policy violation: script-src-attr blocked inline /);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const token = await adminToken(request);
  const saved = await request.post('/api/term/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'Term 1', content: PAYLOAD },
  });
  expect(saved.status()).toBe(201);
  const stored = (await saved.json()).content as string;
  expect(stored).not.toMatch(/onerror|<script|onload|javascript:/i);

  await signInAdmin(page);
  await page.goto('/terms-conditions');
  await expect(page.getByText('Safe text')).toBeVisible();
  // The javascript: address is gone: the link is plain text now.
  await expect(page.getByRole('link', { name: 'A link' })).toHaveCount(0);
  await page.getByText('A link').click();
  expect(await pwned(page)).toBeUndefined();

  // Even html that reached the browser unsanitised (the server's sanitiser bypassed) does not run.
  await page.route(TERMS_IN_FORCE, (route) => route.fulfill({ json: rawTerms() }));
  await page.route('**/api/term/list/raw', (route) => route.fulfill({ json: rawTerms() }));
  await page.goto('/terms-conditions');
  await expect(page.getByRole('textbox', { name: 'Version' })).toHaveValue('99');
  await expect(page.getByText('Safe text')).toBeVisible();
  expect(await page.getByTestId('terms-content').innerHTML()).not.toMatch(
    /onerror|<script|onload|javascript:/i,
  );
  await page.goto('/terms-conditions/raw');
  await waitForEditor(page);
  await expect(editorBody(page)).toContainText('Safe text');
  expect(await pwned(page)).toBeUndefined();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  visitorPage.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await visitorPage.route(TERMS_IN_FORCE, (route) => route.fulfill({ json: rawTerms() }));
  await visitorPage.goto('/login/entity');
  await openTermsModal(visitorPage);
  await expect(visitorPage.getByRole('dialog')).toContainText('Safe text');
  expect(await pwned(visitorPage)).toBeUndefined();
  await visitor.close();
  expect(dialogs).toEqual([]);
});

test('terms: the latest is public, saving is for admins only', async ({ request }) => {
  const last = await request.get('/api/term/last');
  expect(last.status()).toBe(200);
  expect(Object.keys(await last.json()).sort()).toEqual([
    '_id',
    'author',
    'content',
    'document',
    'updatedAt',
    'version',
  ]);
  const anonymous = await request.post('/api/term/create', {
    data: { title: 'Term 1', content: '<p>x</p>' },
  });
  expect(anonymous.status()).toBe(401);
});

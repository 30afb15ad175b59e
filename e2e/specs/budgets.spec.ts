// Web budgets: the gzip size of the JavaScript a first visit downloads. The login page is
// what every visit starts on; the families list is an agency's start page. The editor and the card
// fields are chunks of their own, loaded only where they are used: neither page may download them.
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { activeEntity } from '../support/accounts.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/sign-in.js';

/**
 * Ceilings in KB (gzip). Zod loads with a form's first validation and the toasts (react-toastify) with
 * the first toast, not with either page. The families list's is its target. The login's, 156, is above
 * its target of 150: the main bundle holds every signed-in route's table and the form library, and the
 * browser's message catalogue serves every screen; splitting both by screen is the way under 150.
 */
const BUDGET_KB = { login: 156, manageFamilies: 250 };

/** zod's core registers its schema classes under these names: a script that holds them is zod. */
const ZOD_MARK = '$ZodObject';
/** react-toastify's class names: a script that holds them is the toasts' code, whatever its name. */
const TOAST_MARK = 'Toastify__';

/**
 * Every script the page downloads while `load` runs and the page settles: name → gzip bytes; a script
 * that is zod is named `zod:` followed by its path, one with react-toastify `toast:`.
 */
async function scriptsDownloaded(page: Page, load: () => Promise<void>): Promise<Map<string, number>> {
  const pending: Promise<void>[] = [];
  const sizes = new Map<string, number>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        const name = new URL(response.url()).pathname;
        const mark = body.includes(ZOD_MARK) ? 'zod:' : body.includes(TOAST_MARK) ? 'toast:' : '';
        sizes.set(`${mark}${name}`, gzipSync(body, { level: 9 }).length);
      }),
    );
  });
  await load();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return sizes;
}

function total(sizes: Map<string, number>): number {
  return Math.round([...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024);
}

test('/login/entity downloads at most its budget of JavaScript, and neither zod, the toasts, the editor nor the card fields', async ({
  page,
}) => {
  const scripts = await scriptsDownloaded(page, async () => {
    await page.goto('/login/entity');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
  const names = [...scripts.keys()].join(' ');
  expect(names).not.toMatch(/tinymce|terms-editor|stripe|card-entry|toast|zod:/i);
  const kb = total(scripts);
  test.info().annotations.push({ type: 'login JS (KB gzip)', description: String(kb) });
  console.info(`budget: /login/entity loads ${kb} KB of JavaScript (gzip), budget ${BUDGET_KB.login} KB`);
  expect(kb).toBeLessThanOrEqual(BUDGET_KB.login);
});

test('/manage-families downloads at most its budget of JavaScript, and neither zod, the toasts, the editor nor the card fields', async ({
  page,
  request,
}) => {
  const agency = await activeEntity(request);
  await signIn(page, 'entity', agency.email, agency.password);

  // A first visit of a signed-in agency: a new tab opened on the address (the session is the cookie).
  const tab = await page.context().newPage();
  const scripts = await scriptsDownloaded(tab, async () => {
    await tab.goto('/manage-families');
    await expect(tab.getByPlaceholder('Search for name or email')).toBeVisible();
  });
  const names = [...scripts.keys()].join(' ');
  expect(names).not.toMatch(/tinymce|terms-editor|stripe|card-entry|toast|zod:/i);
  const kb = total(scripts);
  test.info().annotations.push({ type: 'manage-families JS (KB gzip)', description: String(kb) });
  console.info(
    `budget: /manage-families loads ${kb} KB of JavaScript (gzip), budget ${BUDGET_KB.manageFamilies} KB`,
  );
  expect(kb).toBeLessThanOrEqual(BUDGET_KB.manageFamilies);
});

// Web budgets: the gzip size of the JavaScript a first visit downloads. The login page is
// what every visit starts on; the families list is an agency's start page. The editor and the card
// fields are chunks of their own, loaded only where they are used: neither page may download them.
// Each script also arrives as the build's brotli copy; the login page reports the bytes it took.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * The styles (the library's, one component at a time, and the portal's own) load with the first
 * page, whole: 22 KB. The families' app is a bundle of its own, for phones: 120 KB for its first screen.
 */
const BUDGET_KB = { login: 156, manageFamilies: 250, loginCss: 23, familyApp: 120 };

/** The built web app's scripts and stylesheets. */
const ASSETS = fileURLToPath(new URL('../../apps/web/dist/assets', import.meta.url));
/** The component library's class names: `m_` and eight hex digits. */
const LIBRARY_CLASS = /\bm_[0-9a-f]{8}\b/g;

function libraryClassesIn(extension: string): Set<string> {
  const classes = new Set<string>();
  for (const file of readdirSync(ASSETS).filter((name) => name.endsWith(extension))) {
    for (const [name] of readFileSync(path.join(ASSETS, file), 'utf8').matchAll(LIBRARY_CLASS))
      classes.add(name);
  }
  return classes;
}

/** zod's core registers its schema classes under these names: a script that holds them is zod. */
const ZOD_MARK = '$ZodObject';
/** react-toastify's class names: a script that holds them is the toasts' code, whatever its name. */
const TOAST_MARK = 'Toastify__';

/** The build's copies are written for files of 1 KB or more (scripts/lib/precompress.mjs). */
const PRECOMPRESSED_FROM = 1024;

/**
 * Every script the page downloads while `load` runs and the page settles: name → gzip bytes; a script
 * that is zod is named `zod:` followed by its path, one with react-toastify `toast:`. `sent` holds the
 * bytes each took on the wire, and `unencoded` the scripts with a copy that came without brotli.
 */
async function scriptsDownloaded(page: Page, load: () => Promise<void>) {
  const pending: Promise<void>[] = [];
  const sizes = new Map<string, number>();
  const sent = new Map<string, number>();
  const unencoded: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      Promise.all([response.body(), response.request().sizes()]).then(([body, { responseBodySize }]) => {
        const name = new URL(response.url()).pathname;
        const mark = body.includes(ZOD_MARK) ? 'zod:' : body.includes(TOAST_MARK) ? 'toast:' : '';
        sizes.set(`${mark}${name}`, gzipSync(body, { level: 9 }).length);
        sent.set(name, responseBodySize);
        if (body.length >= PRECOMPRESSED_FROM && response.headers()['content-encoding'] !== 'br')
          unencoded.push(name);
      }),
    );
  });
  await load();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return { sizes, sent, unencoded };
}

function total(sizes: Map<string, number>): number {
  return Math.round([...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024);
}

test('/login/entity downloads at most its budget of JavaScript, and neither zod, the toasts, the editor nor the card fields', async ({
  page,
}) => {
  const { sizes, sent, unencoded } = await scriptsDownloaded(page, async () => {
    await page.goto('/login/entity');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
  const names = [...sizes.keys()].join(' ');
  expect(names).not.toMatch(/tinymce|terms-editor|stripe|card-entry|toast|zod:/i);
  expect(unencoded).toEqual([]);
  const kb = total(sizes);
  test.info().annotations.push({ type: 'login JS (KB gzip)', description: String(kb) });
  console.info(
    `budget: /login/entity loads ${kb} KB of JavaScript (gzip; ${total(sent)} KB as sent, brotli), budget ${BUDGET_KB.login} KB`,
  );
  expect(kb).toBeLessThanOrEqual(BUDGET_KB.login);
});

test("the families' app's first screen downloads at most its budget of JavaScript, and never zod", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { sizes, unencoded } = await scriptsDownloaded(page, async () => {
    await page.goto('/family/sign-in');
    await expect(page.getByRole('button', { name: 'Send me a code' })).toBeVisible();
  });
  expect([...sizes.keys()].join(' ')).not.toMatch(/zod:/);
  expect(unencoded).toEqual([]);
  const kb = total(sizes);
  console.info(
    `budget: /family/sign-in loads ${kb} KB of JavaScript (gzip), budget ${BUDGET_KB.familyApp} KB`,
  );
  expect(kb).toBeLessThanOrEqual(BUDGET_KB.familyApp);
});

test('/manage-families downloads at most its budget of JavaScript, and neither zod, the toasts, the editor nor the card fields', async ({
  page,
  request,
}) => {
  const agency = await activeEntity(request);
  await signIn(page, 'entity', agency.email, agency.password);

  // A first visit of a signed-in agency: a new tab opened on the address (the session is the cookie).
  const tab = await page.context().newPage();
  // Its scripts come from the browser's cache (the sign-in loaded them): their bytes as sent say nothing.
  const { sizes, unencoded } = await scriptsDownloaded(tab, async () => {
    await tab.goto('/manage-families');
    await expect(tab.getByPlaceholder('Search for name or email')).toBeVisible();
  });
  const names = [...sizes.keys()].join(' ');
  expect(names).not.toMatch(/tinymce|terms-editor|stripe|card-entry|toast|zod:/i);
  expect(unencoded).toEqual([]);
  const kb = total(sizes);
  test.info().annotations.push({ type: 'manage-families JS (KB gzip)', description: String(kb) });
  console.info(
    `budget: /manage-families loads ${kb} KB of JavaScript (gzip), budget ${BUDGET_KB.manageFamilies} KB`,
  );
  expect(kb).toBeLessThanOrEqual(BUDGET_KB.manageFamilies);
});

test('the login page downloads at most its budget of styles; every library class the scripts use has its styles, and no library styles go unused', async ({
  page,
}) => {
  const pending: Promise<void>[] = [];
  const sizes = new Map<string, number>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        sizes.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
      }),
    );
  });
  await page.goto('/login/entity');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const kb = total(sizes);
  console.info(`budget: /login/entity loads ${kb} KB of CSS (gzip), budget ${BUDGET_KB.loginCss} KB`);
  expect(kb).toBeLessThanOrEqual(BUDGET_KB.loginCss);

  // The library's stylesheets are imported one component at a time (apps/web/src/app/mantine-styles.ts).
  const used = libraryClassesIn('.js');
  const styled = libraryClassesIn('.css');
  expect(used.size).toBeGreaterThan(100);
  expect(
    [...used].filter((name) => !styled.has(name)),
    'classes the scripts use without their styles',
  ).toEqual([]);
  expect(
    [...styled].filter((name) => !used.has(name)),
    'library styles no script uses',
  ).toEqual([]);
});

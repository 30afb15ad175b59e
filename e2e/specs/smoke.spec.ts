import { MSG } from '@bridge-talk/contract';
import { E2E_ADMIN } from '../support/constants.js';
import { expect, test } from '../support/fixtures.js';
import { signInAdmin } from '../support/sign-in.js';

test('the bootstrap admin signs in, sees the frame and the admin menu, and logs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\/entity$/);

  await signInAdmin(page);
  await expect(page.getByText('Login successfully.')).toBeVisible();
  // The toast shows in the header's band — over none of the page's controls, nor the user menu —
  // and the user menu opened while it shows is above it.
  const toast = page.getByRole('alert').filter({ hasText: 'Login successfully.' });
  // Where it rests: on a busy machine the box can be read while the toast still slides in.
  await expect
    .poll(async () => {
      const moving = (await toast.boundingBox())!;
      return moving.y + moving.height;
    })
    .toBeLessThanOrEqual(76);
  const box = (await toast.boundingBox())!;
  const userMenu = (await page.getByRole('button', { name: 'User menu' }).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(userMenu.x);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click({ trial: true, timeout: 5_000 });
  await expect(toast).toBeVisible();
  await page.keyboard.press('Escape');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const item of ['Entity Management', 'Bridge Talk Admin', 'Payments', 'Terms and Conditions']) {
    await expect(menu.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Entity Management' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(E2E_ADMIN.name);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Admin');

  // No credential or token in web storage: only the role and 'Remember me'.
  const storage = await page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
  }));
  expect(storage.local).toEqual({ role: 'admin', rememberMe: 'true' });
  expect(storage.session).toEqual({});
  const cookies = await page.context().cookies();
  const refresh = cookies.find((c) => c.name === 'bt_refresh');
  expect(refresh?.httpOnly).toBe(true);
  expect(refresh?.sameSite).toBe('Strict');

  // The session survives a reload and a deep link.
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/admin$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // After logout the old session cannot be restored.
  await page.goto('/entity-management');
  await expect(page).toHaveURL(/\/login\/admin$/);

  // A deep link opened signed out comes back after the login, with its screen.
  await page.goto('/terms-conditions');
  await expect(page).toHaveURL(/\/login\/admin$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/terms-conditions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
});

test('a wrong password shows the message on both fields', async ({ page }) => {
  await page.goto('/login/admin');
  await page.getByRole('textbox', { name: 'Email' }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Wrong-Password-9');
  await page.getByRole('button', { name: 'Log in' }).click();
  const message = 'Invalid username and/or password.';
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(message);
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveAccessibleDescription(message);
  await expect(page).toHaveURL(/\/login\/admin$/);
});

test('a malformed e-mail and no password are refused in the browser with the spec’s messages (the validation loads on submit)', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/login/entity');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    MSG.validation.emailWrong,
  );
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveAccessibleDescription(
    MSG.validation.passwordMin,
  );
  // Refused before it was sent.
  expect(requests).not.toContain('/api/auth/login');
});

test('a screen whose code cannot be downloaded says so in the frame; the menu still works and a reload recovers', async ({
  page,
  consoleErrors,
}) => {
  // The blocked download, and the failed import the screen's error boundary reports.
  consoleErrors.expect(/payments-page-[^/]*\.js/);
  await signInAdmin(page);

  // As after a release that removed the old chunks, or a dropped connection.
  await page.route(/\/assets\/payments-page-[^/]*\.js$/, (route) => route.abort('connectionfailed'));
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const failed = page.getByRole('alert').filter({ hasText: MSG.extra.screenFailed });
  await menu.getByRole('link', { name: 'Payments' }).click();
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(MSG.extra.screenFailedHint);

  await menu.getByRole('link', { name: 'Bridge Talk Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Bridge Talk Admin' })).toBeVisible();
  await expect(page.getByText(MSG.extra.screenFailed)).toHaveCount(0);

  await page.unroute(/\/assets\/payments-page-[^/]*\.js$/);
  await menu.getByRole('link', { name: 'Payments' }).click();
  await expect(failed).toBeVisible();
  await page.getByRole('button', { name: MSG.extra.reload }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page).toHaveURL(/\/payments$/);
});

test('without the toasts’ code (its chunk fails to download) the portal still signs in and shows its screens', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(
    /^Failed to load resource: net::ERR_CONNECTION_FAILED \(.*\/assets\/toast-container-[^/]*\.js\)$/,
  );
  // As offline, or in a tab opened before a release removed the chunk.
  await page.route(/\/assets\/toast-container-[^/]*\.js$/, (route) => route.abort('connectionfailed'));
  await signInAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Entity Management' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

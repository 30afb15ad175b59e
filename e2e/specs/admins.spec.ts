// Bridge Talk Admin: create (the invitation arrives), edit and remove an admin; nobody removes their
// own account; a used e-mail is refused on the field.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { activeEntity, adminToken, codeIn, uniqueEmail } from '../support/accounts.js';
import { E2E_ADMIN } from '../support/constants.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { signInAdmin } from '../support/sign-in.js';

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

const usersText = (count: number) => (count === 1 ? '1 user' : `${count} users`);

async function userCount(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ users?$/).textContent();
  return Number.parseInt(text ?? '', 10);
}

test('an admin adds, edits and removes another admin', async ({ page }) => {
  // 'Aaron' sorts first, so the new admin is on the first page whatever other specs added.
  const last = `Zed${randomUUID().slice(0, 5)}`;
  const email = uniqueEmail('new-admin');
  await signInAdmin(page);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Bridge Talk Admin' })
    .click();
  await expect(page).toHaveURL(/\/bridge-talk-admin$/);
  const before = await userCount(page);

  await page.getByRole('link', { name: 'Add Account' }).click();
  await expect(page.getByRole('heading', { name: 'Add Admin Account' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toHaveAttribute('data-complete', 'false');
  await page.getByRole('textbox', { name: 'First name' }).fill('Al');
  await page.getByRole('textbox', { name: 'Last name' }).fill(last);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await expect(save).toHaveAttribute('data-complete', 'true');
  await save.click();
  await expect(page.getByText('First name field must be at least 3 characters long')).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Aaron');
  await save.click();
  await expect(page.getByText('Admin account created. An invitation was sent by e-mail.')).toBeVisible();
  await expect(page).toHaveURL(/\/bridge-talk-admin$/);
  await expect(row(page, `Aaron ${last}`)).toContainText(email);
  await expect(page.getByText(usersText(before + 1))).toBeVisible();
  const invitation = await waitForMail(email, /Your Bridge Talk portal account/);
  expect(invitation.text).toContain('/login/admin');
  expect(codeIn(invitation.text)).toMatch(/^[A-Z2-9]{6}$/);

  await row(page, `Aaron ${last}`).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Aaron');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue(last);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Last name' }).fill(`${last} Junior`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Admin account saved.')).toBeVisible();
  await expect(row(page, `Aaron ${last} Junior`)).toBeVisible();

  await row(page, `Aaron ${last} Junior`).getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Do you really want to remove this admin?');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, `Aaron ${last} Junior`)).toBeVisible();
  await row(page, `Aaron ${last} Junior`).getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Admin account removed.')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row(page, `Aaron ${last}`)).toHaveCount(0);
  await expect(page.getByText(usersText(before))).toBeVisible();
});

test('an admin cannot remove their own account', async ({ page, request }) => {
  await signInAdmin(page);
  await page.goto('/bridge-talk-admin');
  const own = row(page, E2E_ADMIN.email).getByRole('button', { name: 'Remove' });
  await expect(own).toBeDisabled();
  await expect(own).toHaveAccessibleDescription('You cannot remove your own account.');
  await own.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The server refuses it too, whatever the screen offers.
  const token = await adminToken(request);
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const removal = await request.delete(`/api/admin/users/remove/${(await me.json())._id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(removal.status()).toBe(409);
  expect(await removal.json()).toEqual({ message: 'You cannot remove your own account.' });
  await page.reload();
  await expect(row(page, E2E_ADMIN.email)).toBeVisible();
});

test('a used e-mail: the toast says it is in use and the field says it is in the database', async ({
  page,
}) => {
  await signInAdmin(page);
  await page.goto('/bridge-talk-admin/create');
  await page.getByRole('textbox', { name: 'First name' }).fill('Dupont');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Double');
  await page.getByRole('textbox', { name: 'Email' }).fill(E2E_ADMIN.email.toUpperCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email already in use.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    'This email is already in our database.',
  );
  await expect(page).toHaveURL(/\/bridge-talk-admin\/create$/);
});

test('every admin route refuses a visitor (401) and an entity (403)', async ({ request }) => {
  const agency = await activeEntity(request);
  const login = await request.post('/api/auth/login', {
    data: { email: agency.email, password: agency.password, role: 'entity' },
  });
  expect(login.status()).toBe(200);
  const asEntity = { authorization: `Bearer ${(await login.json()).accessToken}` };
  // A real admin as the target, so a 403 cannot be a 404 in disguise.
  const token = await adminToken(request);
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const adminId = (await me.json())._id as string;
  for (const [method, url] of [
    ['GET', '/api/admin/users/list?page=1'],
    ['GET', `/api/admin/users/list?id=${adminId}`],
    ['POST', '/api/admin/users/create'],
    ['PUT', `/api/admin/users/edit/${adminId}`],
    ['DELETE', `/api/admin/users/remove/${adminId}`],
  ] as const) {
    const data = method === 'GET' || method === 'DELETE' ? undefined : {};
    const visitor = await request.fetch(url, { method, data });
    expect(visitor.status(), `visitor ${method} ${url}`).toBe(401);
    expect(await visitor.json()).toEqual({ message: 'Your session has expired. Please sign in again.' });
    const entity = await request.fetch(url, { method, data, headers: asEntity });
    expect(entity.status(), `entity ${method} ${url}`).toBe(403);
    expect(await entity.json()).toEqual({ message: 'You do not have permission to do that.' });
  }
  // The admin is still there: neither refusal removed or changed anything.
  const still = await request.get(`/api/admin/users/list?id=${adminId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(still.status()).toBe(200);
  expect(await still.json()).toMatchObject({ email: E2E_ADMIN.email });
});

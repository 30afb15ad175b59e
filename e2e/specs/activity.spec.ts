// The activity record as people read it: the administrator's platform activity (an entity's status
// changed, a terms version published) and a family's activity (its conversation opened, a channel
// disabled), each still there after a reload.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { activeEntity, agencyForm, uniqueEmail } from '../support/accounts.js';
import { expectAccessible } from '../support/axe.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test } from '../support/fixtures.js';
import { freePort, startServer, waitForExit } from '../support/server-process.js';
import { signIn } from '../support/sign-in.js';

const row = (page: Page, ...texts: string[]) =>
  texts.reduce((rows, text) => rows.filter({ hasText: text }), page.getByRole('row'));

// A private server: publishing terms on the run's shared server would change what the terms journey
// finds there (no terms published yet).
test('the administrator sees an entity disabled and terms published on Platform activity', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-e2e-activity-'));
  const admin = { email: 'admin@activity-e2e.local', password: 'Activity-Admin-Pass-1' };
  const server = await startServer(
    { DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SMTP_URL: '' },
    await freePort(),
  );
  try {
    const api = async (url: string, body: object, token?: string) => {
      const response = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(response.ok, `${url}: ${response.status}`).toBe(true);
      return response.json();
    };
    const { accessToken } = await api('/api/auth/login', { ...admin, role: 'admin' });
    const entityName = `Activity ${randomUUID().slice(0, 6)} Adoptions`;
    await api('/api/entity/create', agencyForm(entityName, uniqueEmail('activity')), accessToken);

    await signIn(page, 'admin', admin.email, admin.password, { origin: server.url });
    await row(page, entityName).getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Change status successfully.')).toBeVisible();
    await expect(row(page, entityName)).toContainText('Disabled');

    // The same administrator publishes terms (the editor has a journey of its own).
    const title = `Terms ${randomUUID().slice(0, 6)}`;
    const terms = await api('/api/term/create', { title, content: '<p>Be kind.</p>' }, accessToken);

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Platform activity' })
      .click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByRole('heading', { name: 'Platform activity' })).toBeVisible();
    const published = row(page, 'Published a terms version.', title);
    await expect(published).toContainText(admin.email);
    await expect(published).toContainText(`Version ${terms.version}`);
    const disabled = row(page, 'Changed the status of an entity account.', entityName);
    await expect(disabled).toContainText(admin.email);
    await expect(disabled).toContainText('From Active to Disabled');
    await expect(row(page, 'Created an entity account.', entityName)).toBeVisible();

    await page.reload();
    await expect(row(page, 'Published a terms version.', title)).toBeVisible();
    await expect(row(page, 'Changed the status of an entity account.', entityName)).toBeVisible();
    await expectAccessible(page, 'platform activity');
  } finally {
    // The page goes before its server, so that nothing it still asks for finds the server gone.
    await page.close();
    server.process.kill('SIGTERM');
    await waitForExit(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("an entity opens a family's conversation and disables a channel; the family's activity shows both", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const agency = await activeEntity(request);
  const suffix = randomUUID().slice(0, 4);
  const family = await familyWithConversation(
    request,
    agency,
    { child: `Avery Activity${suffix}`, parent: 'Pat Activity', birth: 'Bea Activity' },
    { birth: ['Hello from the birth family.'], parent: 'Hello back.' },
  );

  await signIn(page, 'entity', agency.email, agency.password);
  await page.goto(`/manage-families/${family.groupId}/details`);
  await page.getByRole('link', { name: 'View Channel 1' }).click();
  await expect(page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Hello from the birth family.')).toBeVisible();

  await page.goto(`/manage-families/${family.groupId}/details`);
  await page.getByRole('switch', { name: 'Status of Channel 1' }).click({ force: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Updated the status of the current!')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Status of Channel 1' })).not.toBeChecked();

  // By keyboard, as the rest of the family page.
  await page.getByRole('link', { name: 'Activity', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/manage-families/${family.groupId}/activity$`));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Activity of the family' })).toBeVisible();
  const disabled = row(page, 'Changed the status of a channel.');
  await expect(disabled).toContainText('Channel 1');
  await expect(disabled).toContainText('Disabled');
  await expect(disabled).toContainText(agency.email);
  const opened = row(page, 'Opened the conversation.').first();
  await expect(opened).toContainText('Channel 1');
  await expect(opened).toContainText(agency.email);
  // Newest first: the channel was disabled after the conversation was opened.
  const whats = await page.getByRole('row').allTextContents();
  const at = (text: string) => whats.findIndex((line) => line.includes(text));
  expect(at('Changed the status of a channel.')).toBeLessThan(at('Opened the conversation.'));
  await expectAccessible(page, "family's activity");
});

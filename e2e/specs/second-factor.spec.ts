// Two-step sign-in with an authenticator app, as a person sets it up: the QR code's key typed into an
// app (here otplib, the app's algorithm), the recovery codes kept, then signing in with the app's
// code or, the phone lost, with a recovery code once. And the administrator's requirement: an admin
// without a second factor is kept on their account settings until they add one.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { activeEntity } from '../support/accounts.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { freePort, startServer, waitForExit } from '../support/server-process.js';
import { signIn } from '../support/sign-in.js';

const STEP_MS = 30_000;

/** Adds an authenticator app from the dialog's key; its secret, the step its code was of, and the codes. */
async function addAuthenticatorApp(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add an authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an authenticator app' });
  await expect(
    dialog.getByRole('img', { name: 'QR code of the key for your authenticator app' }),
  ).toBeVisible();
  const secret = (await dialog.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
  const step = Math.floor(Date.now() / STEP_MS);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret }));
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Add an authenticator app' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codesDialog.getByRole('listitem')).toHaveCount(10);
  const codes = await codesDialog.getByRole('listitem').allTextContents();
  await codesDialog.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(codesDialog).toBeHidden();
  return { secret, step, codes };
}

/** A code of the app's next step: a code is good once, so a sign-in waits for the enrolment's step to pass. */
async function nextCode(secret: string, afterStep: number) {
  await expect
    .poll(() => Math.floor(Date.now() / STEP_MS), { timeout: STEP_MS + 5_000 })
    .toBeGreaterThan(afterStep);
  return generate({ secret });
}

async function signOut(page: Page, role: 'admin' | 'entity') {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`/login/${role}$`));
}

async function secondStep(page: Page, code: string) {
  const step = page.getByRole('form', { name: 'Sign-in code' });
  await expect(
    step.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.'),
  ).toBeVisible();
  await step.getByRole('textbox', { name: 'Code' }).fill(code);
  await step.getByRole('button', { name: 'Log in' }).click();
  return step;
}

test('an agency adds an authenticator app, signs in with a recovery code once, and with its code', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const entity = await activeEntity(request);
  await signIn(page, 'entity', entity.email, entity.password);
  await page.goto('/account-settings');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(
    section.getByText('No second factor yet: you sign in with your password alone.'),
  ).toBeVisible();
  const { secret, step, codes } = await addAuthenticatorApp(page, 'Work phone');
  await expect(page.getByText('The authenticator app was added.')).toBeVisible();
  await expect(section.getByRole('listitem')).toContainText('Work phone');
  await expect(section.getByRole('listitem')).toContainText('Authenticator app');
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  // The codes are shown once: a reload lists the app, not the codes.
  await page.reload();
  await expect(section.getByRole('listitem')).toContainText('never used');
  await expect(page.getByText(codes[0]!)).toHaveCount(0);

  // The phone lost: a recovery code signs in once, and the account is told how many are left.
  await signOut(page, 'entity');
  const started = Date.now();
  await signIn(page, 'entity', entity.email, entity.password, { land: false });
  await secondStep(page, codes[3]!);
  await expect(page).toHaveURL(/\/manage-families$/);
  const mail = await waitForMail(entity.email, /second factor of your Bridge Talk account changed/, {
    after: started,
  });
  expect(mail.text).toContain(
    'A recovery code was used to sign in to your Bridge Talk portal account. 9 recovery codes are left.',
  );

  await signOut(page, 'entity');
  await signIn(page, 'entity', entity.email, entity.password, { land: false });
  const step2 = await secondStep(page, codes[3]!);
  await expect(
    step2.getByText('This code is not valid. Enter the current code from your authenticator app.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\/entity$/);

  // The phone found again: the app's code (of a step after the enrolment's: the recovery codes came
  // first, so that most of that wait has already passed).
  await signIn(page, 'entity', entity.email, entity.password, { land: false });
  await secondStep(page, await nextCode(secret, step));
  await expect(page).toHaveURL(/\/manage-families$/);
});

// A private server: the requirement concerns every admin of a server, and the run's shared server has
// admins of other journeys.
test('an administrator requires a second factor of all admins, and is first to be asked for one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-e2e-2fa-'));
  const admin = { email: 'admin@two-step-e2e.local', password: 'Two-Step-Admin-Pass-1' };
  const server = await startServer(
    { DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SMTP_URL: '' },
    await freePort(),
  );
  try {
    await signIn(page, 'admin', admin.email, admin.password, { origin: server.url });
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Bridge Talk Admin' })
      .click();
    const toggle = page.getByRole('switch', { name: /^Require a second factor for all admins/ });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(
      'Require a second factor for all admins? Those without one will have to add one before they can continue.',
    );
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('A second factor is now required for all admins.')).toBeVisible();
    await expect(toggle).toBeChecked();

    // The next session of this admin, who has none, opens on their account settings and nothing else.
    await page.reload();
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(
      page.getByText('Your platform requires a second factor for administrators: add one to continue.'),
    ).toBeVisible();
    await page.goto(`${server.url}/entity-management`);
    await expect(page).toHaveURL(/\/account-settings$/);

    await addAuthenticatorApp(page, 'Admin phone');
    await expect(
      page.getByText('Your platform requires a second factor for administrators: add one to continue.'),
    ).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Entity Management' })
      .click();
    await expect(page).toHaveURL(/\/entity-management$/);
    await expect(page.getByRole('heading', { name: 'Entity Management' })).toBeVisible();
  } finally {
    // The page goes first: the list it is still loading would otherwise find the server gone, and log
    // a refused connection (seen on a busy machine).
    await page.close();
    server.process.kill('SIGTERM');
    await waitForExit(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

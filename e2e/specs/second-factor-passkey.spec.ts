// A passkey as an entity user's second factor, in Chromium with a virtual authenticator (CDP's
// WebAuthn domain): added in the account settings, then used to finish a sign-in after the password.
// Passkeys are bound to the portal's host name, which is 'localhost' for a server without PUBLIC_URL:
// the journey opens the run's server by that name (a WebAuthn relying party is never an IP address).
import { MSG, RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@bridge-talk/contract';
import type { Page } from '@playwright/test';
import { activeEntity } from '../support/accounts.js';
import { expect, test } from '../support/fixtures.js';
import { sharedServer } from '../support/shared-servers.js';
import { signIn } from '../support/sign-in.js';

/** A platform authenticator that verifies its user, as a laptop's fingerprint reader does. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

test('an entity user adds a passkey, then signs in with the password and the passkey', async ({
  page,
  request,
}) => {
  const origin = sharedServer().baseUrl.replace('127.0.0.1', 'localhost');
  const entity = await activeEntity(request);
  await addVirtualAuthenticator(page);
  await signIn(page, 'entity', entity.email, entity.password, { origin });

  await page.goto(`${origin}/account-settings`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Work laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(MSG.secondFactor.passkeyEnrolled)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The account's first factor brings its recovery codes, shown once.
  const codes = page.getByRole('dialog', { name: MSG.secondFactor.recoveryCodesTitle });
  await expect(codes.getByText(RECOVERY_CODE_PATTERN)).toHaveCount(RECOVERY_CODE_COUNT);
  await codes.getByRole('button', { name: MSG.secondFactor.codesSaved }).click();
  await expect(codes).toBeHidden();
  const listed = page.getByRole('region', { name: MSG.secondFactor.sectionTitle }).getByRole('listitem');
  await expect(listed).toContainText('Work laptop');
  await expect(listed).toContainText(`${MSG.secondFactor.kindPasskey} ·`);
  await expect(listed).toContainText(MSG.secondFactor.neverUsed);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/entity$/);

  await signIn(page, 'entity', entity.email, entity.password, { origin, land: false });
  await expect(page.getByText(MSG.secondFactor.passkeyNeeded)).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/manage-families$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  // Its use is listed.
  await page.goto(`${origin}/account-settings`);
  await expect(listed).toContainText('Work laptop');
  await expect(listed).not.toContainText(MSG.secondFactor.neverUsed);
});

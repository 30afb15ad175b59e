// Typed work is not lost without a word: leaving an edited form by the menu asks first, and a session
// that ends in another tab keeps the form, so that the person signs in again and saves it.
import { activeEntity } from '../support/accounts.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/sign-in.js';

test('leaving an edited form by the menu asks first: Stay keeps the typing, Leave discards it', async ({
  page,
  request,
}) => {
  const entity = await activeEntity(request);
  await signIn(page, 'entity', entity.email, entity.password);
  await page.goto('/account-settings');
  const firstName = page.getByRole('textbox', { name: 'First name' });
  await firstName.fill('Renamed');
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  await menu.getByRole('link', { name: 'Manage Families' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(ask).toContainText(
    'Your changes on this page are not saved. If you leave now, they are lost.',
  );
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(firstName).toHaveValue('Renamed');

  await menu.getByRole('link', { name: 'Manage Families' }).click();
  await page
    .getByRole('dialog', { name: 'Leave this page?' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
  await expect(page).toHaveURL(/\/manage-families$/);
  // Nothing was saved: the form shows the name as it was.
  await page.goto('/account-settings');
  await expect(page.getByRole('textbox', { name: 'First name' })).not.toHaveValue('Renamed');
});

test('a session ended in another tab keeps the edited form; signed in again, it saves', async ({
  page,
  request,
}) => {
  const entity = await activeEntity(request);
  await signIn(page, 'entity', entity.email, entity.password);
  const editing = await page.context().newPage();
  await editing.goto('/account-settings');
  await editing.getByRole('textbox', { name: 'First name' }).fill('Kept');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/entity$/);

  // The editing tab stays where it is, with the typing, and says how to save it.
  const ended = editing.getByRole('dialog', { name: 'Your session ended' });
  await expect(ended).toContainText('You signed out in another window.');
  await expect(ended.getByRole('link', { name: 'Sign in again in a new tab' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await ended.getByRole('button', { name: 'Back to my changes' }).click();
  await expect(editing).toHaveURL(/\/account-settings$/);
  await expect(editing.getByRole('textbox', { name: 'First name' })).toHaveValue('Kept');

  // Signed in again in the first tab, the second saves what was typed.
  await signIn(page, 'entity', entity.email, entity.password);
  await editing.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editing.getByText('Your changes has been saved')).toBeVisible();
  await editing.reload();
  await expect(editing.getByRole('textbox', { name: 'First name' })).toHaveValue('Kept');
  await editing.close();
});

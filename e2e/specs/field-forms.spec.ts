// Forms as a person uses them: a link clicked once while a field has focus works at once (the field's
// message waits for the click instead of moving the link away under the pointer); a family renamed
// 'The Garcia Family' is shown whole, and a name or a search pasted longer than the limit is kept whole
// and refused with the limit's message; a phone number pasted with its country code is kept whole.
import { activeEntity, uniqueEmail } from '../support/accounts.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/sign-in.js';

test('a link or button works on the first click while a field has focus', async ({ page, request }) => {
  const entity = await activeEntity(request);

  // page.click is one press and one release where the element is at the press: a click lost to a
  // layout that moved in between leaves the page where it was, and the address check fails.

  // Forgot password: the e-mail field has focus, with a wrong address in it.
  await page.goto('/forgot-password/entity');
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeFocused();
  await email.pressSequentially('erin@');
  await page.click('role=link[name="Back to login"]');
  await expect(page).toHaveURL(/\/login\/entity$/);

  // Activation code: reached through a real request, its code field has focus.
  await page.goto('/forgot-password/entity');
  await page.getByRole('textbox', { name: 'Email' }).fill(entity.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/activation-code\/entity$/);
  const code = page.getByRole('textbox', { name: 'Code' });
  await expect(code).toBeFocused();
  await code.pressSequentially('AB');
  await page.click('role=link[name="Send a new code"]');
  await expect(page).toHaveURL(/\/forgot-password\/entity$/);

  // Signup: a name too short in the focused field, then the terms, then the way to the login.
  await page.goto('/signup/entity');
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await name.pressSequentially('Al');
  await page.click('role=button[name="Terms of use"]');
  await expect(page.getByRole('dialog', { name: 'Terms of use' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Phone' }).pressSequentially('555');
  await page.click('role=link[name="Log in"s]');
  await expect(page).toHaveURL(/\/login\/entity$/);
});

test('a family renamed with one word or with several is shown whole on its page and in the list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const agency = await activeEntity(request);
  const { groupId } = await familyWithConversation(
    request,
    agency,
    { child: 'Robin Lee', parent: 'Alice Adams', birth: 'Bella Birch' },
    { birth: ['Hello'], parent: 'Hi' },
  );
  await signIn(page, 'entity', agency.email, agency.password);

  await page.goto(`/manage-families/${groupId}/edit-group`);
  const groupName = page.getByRole('textbox', { name: 'Group name' });
  await expect(groupName).toHaveValue('Robin Lee');

  // A name pasted longer than a family's name may be is kept whole and refused with the catalogue's
  // words, not cut at the limit and saved.
  const renames: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/')) renames.push(r.url());
  });
  const tooLong = 'Wonderfullylongfamilyname'.repeat(6);
  await groupName.fill('');
  await groupName.focus();
  await page.keyboard.insertText(tooLong);
  await expect(groupName).toHaveValue(tooLong);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group name must be at most 121 characters')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${groupId}/edit-group$`));
  expect(renames).toEqual([]);

  await groupName.fill('Brookses');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Edit name group successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Brookses' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit Group Name' }).click();
  await page.getByRole('textbox', { name: 'Group name' }).fill('The Garcia Family');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${groupId}/details$`));
  await expect(page.getByRole('heading', { level: 1, name: 'The Garcia Family' })).toBeVisible();
  await expect(page.getByLabel('Breadcrumb')).toContainText('The Garcia Family');

  await page.getByRole('link', { name: 'Edit Group Name' }).click();
  await expect(page.getByLabel('Breadcrumb')).toContainText('The Garcia Family');

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Manage Families' })
    .click();
  const row = page.getByRole('row', { name: /The Garcia Family/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: 'View The Garcia Family' })).toBeVisible();

  // A search pasted longer than the server takes says so under the box and leaves the list as it was.
  const search = page.getByRole('searchbox', { name: 'Search for name or email' });
  await search.focus();
  await page.keyboard.insertText('g'.repeat(201));
  await expect(search).toHaveValue('g'.repeat(201));
  await expect(page.getByText('Search must be at most 200 characters')).toBeVisible();
  await expect(row).toBeVisible();
});

test('a phone number pasted with its country code is kept whole, and one digit short is refused', async ({
  page,
}) => {
  await page.goto('/signup/entity');
  await page.getByRole('textbox', { name: 'Name' }).fill('Lena Lawyer');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('lena'));
  const phone = page.getByRole('textbox', { name: 'Phone' });

  // Pasted: the text arrives at once, as one input.
  await phone.focus();
  await page.keyboard.insertText('555 123 456');
  await expect(phone).toHaveValue('(555) 123-456');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Phone field is wrong')).toBeVisible();

  await phone.fill('');
  await page.keyboard.insertText('+1 555 123 4567');
  await expect(phone).toHaveValue('(555) 123-4567');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/register') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Send request' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ phone: '(555) 123-4567' });
  await expect(
    page.getByText('Thank you for getting in touch! Our team will contact you as soon as possible'),
  ).toBeVisible();
});

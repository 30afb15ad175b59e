// A family's people as a caseworker saves them: a person found by e-mail is bound to the e-mail they
// were found by (changed, the match is let go at once, and a look-up answering late is dropped), the
// same e-mail for two people is said on the field before anything is sent, and the save is one call.
import type { Page, Route } from '@playwright/test';
import { activeEntity, uniqueEmail } from '../support/accounts.js';
import { familyThroughApi } from '../support/family-data.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { signIn } from '../support/sign-in.js';

const slot = (page: Page, name: string) => page.getByRole('group', { name });
const field = (page: Page, place: string, name: 'Email' | 'First name' | 'Last name') =>
  slot(page, place).getByRole('textbox', { name });

test('a person found by e-mail is let go when the e-mail changes, even when the look-up answers late', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const agency = await activeEntity(request);
  const other = await familyThroughApi(request, agency, {
    child: 'Hope Child',
    parent: 'Gary Hope',
    birth: 'Grace Hope',
  });
  const family = await familyThroughApi(request, agency, {
    child: 'Kai Lee',
    parent: 'Ann Lee',
    birth: 'Bob Stone',
  });
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/group/member/save/')) saves.push(r.url());
  });

  await signIn(page, 'entity', agency.email, agency.password);
  await page.goto(`/manage-families/${family.groupId}/update-families`);
  await expect(field(page, 'Adoptive parent 1', 'Email')).toHaveValue(family.emails.parent);

  // Grace (another family's birth parent) is found and locked; the e-mail changes and she is let go.
  await field(page, 'Adoptive parent 2', 'Email').fill(other.emails.birth);
  await field(page, 'Adoptive parent 2', 'Email').blur();
  await expect(field(page, 'Adoptive parent 2', 'First name')).toHaveValue('Grace');
  await expect(field(page, 'Adoptive parent 2', 'First name')).toBeDisabled();
  const tom = uniqueEmail('totally.new.person');
  await field(page, 'Adoptive parent 2', 'Email').fill(tom);
  await expect(field(page, 'Adoptive parent 2', 'First name')).toBeEnabled();
  await expect(field(page, 'Adoptive parent 2', 'First name')).toHaveValue('');
  await field(page, 'Adoptive parent 2', 'First name').fill('Tom');
  await field(page, 'Adoptive parent 2', 'Last name').fill('New');

  // Gary's look-up is held until his e-mail has left the field: its answer is not this place's.
  const held: Route[] = [];
  await page.route('**/api/group/user/check', async (route) => {
    if (route.request().postDataJSON().email === other.emails.parent) held.push(route);
    else await route.continue();
  });
  await field(page, 'Birth family 2', 'Email').fill(other.emails.parent);
  await field(page, 'Birth family 2', 'Email').blur();
  await expect.poll(() => held.length).toBe(1);
  const una = uniqueEmail('another.new.person');
  await field(page, 'Birth family 2', 'Email').fill(una);
  const answered = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/group/user/check') && r.request().postDataJSON().email === other.emails.parent,
  );
  await held[0]!.continue();
  expect((await (await answered).json()).firstName).toBe('Gary');
  await page.unroute('**/api/group/user/check');
  await expect(field(page, 'Birth family 2', 'First name')).toBeEnabled();
  await expect(field(page, 'Birth family 2', 'First name')).toHaveValue('');
  await field(page, 'Birth family 2', 'First name').fill('Una');
  await field(page, 'Birth family 2', 'Last name').fill('New');

  // The same e-mail for two people is said on the field, and nothing is sent.
  await field(page, 'Birth family 1', 'Email').fill(family.emails.parent);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    slot(page, 'Birth family 1').getByText('This email is already given to another person of this family'),
  ).toBeVisible();
  expect(saves).toEqual([]);

  await field(page, 'Birth family 1', 'Email').fill(family.emails.birth);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Family members saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${family.groupId}/details$`));
  expect(saves).toHaveLength(1);
  const people = page.getByRole('table', { name: 'Members' });
  await expect(people.getByText('Tom New', { exact: true })).toBeVisible();
  await expect(people.getByText('Una New', { exact: true })).toBeVisible();
  await expect(people.getByText('Grace Hope')).toHaveCount(0);
  await expect(people.getByText('Gary Hope')).toHaveCount(0);
  const invitation = await waitForMail(tom, /You are invited to Bridge Talk/);
  expect(invitation.text).toContain('Hello Tom New,');
});

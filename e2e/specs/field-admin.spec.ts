// What administrators trying the portal tripped over, clicked through as they did: enabling an access
// request (it is enabled, and its person invited, only by saving its completed form — Cancel leaves
// it pending), and the terms before any exist (write the first ones; an empty editor is never
// published). Nothing here publishes terms: terms.spec.ts starts from none on the shared server.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { adminToken, codeIn, uniqueEmail } from '../support/accounts.js';
import { expect, readMails, test, waitForMail } from '../support/fixtures.js';
import { signInAdmin } from '../support/sign-in.js';

const row = (page: Page, ...texts: string[]) =>
  texts.reduce((rows, text) => rows.filter({ hasText: text }), page.getByRole('row'));
const invitations = (email: string) =>
  readMails().filter((m) => m.to.includes(email) && /Your Bridge Talk portal account/.test(m.subject));

test('an access request is enabled by saving its completed form; Cancel leaves it pending and uninvited', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('request');
  const name = `Harbor ${randomUUID().slice(0, 6)} Adoptions`;
  const registered = await request.post('/api/auth/register', {
    data: { name: 'Paula Pending', entityName: name, email, phone: '(555) 123-4567', subtype: 'agency' },
  });
  expect(registered.status()).toBe(200);

  await signInAdmin(page);
  await page.getByRole('searchbox', { name: 'Search for entities or lawyers' }).fill(name);
  await expect(row(page, name)).toContainText('Pending');
  await row(page, name).getByRole('button', { name: 'Enable' }).click();

  // The form of the request, with what it lacks still empty; nothing is enabled yet.
  await expect(page).toHaveURL(/\/entity-management\/[0-9a-f-]{36}\/edit$/);
  const id = /\/entity-management\/([0-9a-f-]{36})\/edit$/.exec(page.url())![1]!;
  await expect(
    page.getByText(
      'This access request is pending. Fill in its details and save: the entity is then enabled and its person invited by e-mail.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Entity name' })).toHaveValue(name);
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('');
  await expect(page.getByText('Change status successfully.')).toHaveCount(0);

  // Cancel: the request stays pending, and nobody is invited.
  await page.getByRole('textbox', { name: 'Address' }).fill('9 Harbor Street, Portland');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/entity-management/${id}/details$`));
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Entity Management' })
    .click();
  await page.getByRole('searchbox', { name: 'Search for entities or lawyers' }).fill(name);
  await expect(row(page, name)).toContainText('Pending');
  const token = await adminToken(request);
  const stored = await request.get(`/api/entity/list/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await stored.json()).toMatchObject({ status: 'pending', address: '', startContract: null });

  // Enable again, save the form as it is: the missing fields say so.
  await row(page, name).getByRole('button', { name: 'Enable' }).click();
  await expect(page).toHaveURL(new RegExp(`/entity-management/${id}/edit$`));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Address is a required field')).toBeVisible();
  await expect(page.getByText('Start contract field is wrong')).toBeVisible();

  // Completed and saved: enabled, and the invitation goes out once.
  await page.getByRole('textbox', { name: 'Address' }).fill('9 Harbor Street, Portland');
  await page.getByRole('textbox', { name: 'Start contract' }).fill('2026-01-01');
  await page.getByRole('textbox', { name: 'End contract' }).fill('2027-12-31');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Entity account enabled. An invitation was sent by e-mail.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/entity-management/${id}/details$`));
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('9 Harbor Street, Portland');
  const invitation = await waitForMail(email, /Your Bridge Talk portal account/);
  expect(invitation.text).toContain('Hello Paula Pending,');
  expect(codeIn(invitation.text)).toMatch(/^[A-Z2-9]{6}$/);
  expect(invitations(email)).toHaveLength(1);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Entity Management' })
    .click();
  await page.getByRole('searchbox', { name: 'Search for entities or lawyers' }).fill(name);
  await expect(row(page, name)).toContainText('Active');
  await expect(row(page, name).getByRole('button', { name: 'Disable' })).toBeVisible();
});

test('before any terms exist the page offers to write the first ones; an empty editor is not published', async ({
  page,
  request,
}) => {
  await signInAdmin(page);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Terms and Conditions' })
    .click();
  await expect(page.getByText('The terms and conditions have not been published yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Write the first terms' }).click();
  await expect(page).toHaveURL(/\/terms-conditions\/new$/);
  // The editor is a large script: on a busy machine it may take more than the usual 10 s to start.
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeEnabled({ timeout: 30_000 });
  const editor = page.frameLocator('iframe.tox-edit-area__iframe').locator('body');
  await expect(editor).toBeVisible();

  // Nothing written.
  await save.click();
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'The terms are empty. Write them before saving.' });
  await expect(refusal).toBeVisible();
  await expect(page).toHaveURL(/\/terms-conditions\/new$/);

  // Only empty paragraphs and spaces.
  await editor.click();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter');
  }
  await expect(refusal).toHaveCount(0);
  await save.click();
  await expect(refusal).toBeVisible();
  await expect(page.getByText('Terms and conditions saved.')).toHaveCount(0);

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/terms-conditions$/);
  await expect(page.getByText('The terms and conditions have not been published yet.')).toBeVisible();
  // None in force is an answer, not a failure: the logged-out modal's request never errs.
  const last = await request.get('/api/term/last');
  expect(last.status()).toBe(200);
  expect(await last.json()).toBeNull();
});

test('an access request is viewed and rejected with an e-mail to its requester; the platform activity keeps both, filtered in the address', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('rejected');
  const name = `Tidewater ${randomUUID().slice(0, 6)} Adoptions`;
  const registered = await request.post('/api/auth/register', {
    data: { name: 'Rhea Requester', entityName: name, email, phone: '(555) 222-3333', subtype: 'agency' },
  });
  expect(registered.status()).toBe(200);

  await signInAdmin(page);
  await page.getByRole('searchbox', { name: 'Search for entities or lawyers' }).fill(name);
  await expect(row(page, name)).toContainText('Pending');
  await row(page, name).getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/entity-management\/[0-9a-f-]{36}\/details$/);
  await expect(page.getByRole('heading', { name: 'Access request' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Contact person' })).toHaveValue('Rhea Requester');
  await expect(page.getByRole('textbox', { name: 'Type' })).toHaveValue('Agency');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('(555) 222-3333');

  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Reject this access request? It is removed from Entity Management.');
  await expect(
    dialog.getByRole('checkbox', { name: 'E-mail the requester that the request was declined' }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('The access request was rejected.')).toBeVisible();
  await expect(page).toHaveURL(/\/entity-management$/);
  await page.getByRole('searchbox', { name: 'Search for entities or lawyers' }).fill(name);
  await expect(row(page, name)).toHaveCount(0);
  const mail = await waitForMail(email, /Your Bridge Talk access request/);
  expect(mail.text).toContain('Your request for access has been declined.');

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Platform activity' })
    .click();
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Access requests' }).click();
  await expect(page).toHaveURL(/\/activity\?kind=accessRequests$/);
  await page.getByRole('searchbox', { name: 'Who (name or e-mail)' }).fill(email);
  await expect(page).toHaveURL(/search=/);
  const asked = row(page, 'Asked for access to the portal.', email);
  await expect(asked).toContainText(`Rhea Requester (${email})`);
  await expect(asked).toContainText(name);
  // The requester's account is gone; the record names them as they asked, and links nowhere.
  await expect(asked.getByRole('link')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('Access requests');
  await expect(row(page, 'Asked for access to the portal.', email)).toContainText(email);
  await page.getByRole('searchbox', { name: 'Who (name or e-mail)' }).fill('');
  const rejected = row(page, 'Rejected an access request.', email);
  await expect(rejected).toContainText('The requester was told by e-mail.');
  await expect(rejected.locator('time')).toContainText(/\(.+\)$/);
});

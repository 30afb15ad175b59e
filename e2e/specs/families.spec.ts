// Families end to end: an agency adds a family through the three steps of the wizard with the
// local card (reloading at step 2 resumes it), finds it in the list, toggles a member and a channel,
// edits the members (a person found by e-mail is locked), renames the family, changes the plan and the
// payment details of the monthly family; a one-time family shows no edit icons. The side menu starts a
// new family, not the unfinished one, which is resumed from the list with its family step kept through
// a reload; a family renamed with one word or several is shown whole, and a name or a search pasted
// longer than the limit is kept whole and refused with the limit's message.
import { randomUUID } from 'node:crypto';
import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER } from '@bridge-talk/contract/test-data';
import type { APIRequestContext, Page } from '@playwright/test';
import { activeEntity, adminToken, uniqueEmail } from '../support/accounts.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { fillCard, fillPaymentDetails } from '../support/payment-form.js';
import { signIn } from '../support/sign-in.js';

/**
 * Through the API, as the agency: a one-time family whose members are people the wizard and the
 * members form will find by e-mail.
 */
async function familyThroughApi(request: APIRequestContext, agency: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', {
    data: { email: agency.email, password: agency.password, role: 'entity' },
  });
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const post = async (url: string, data: object, status = 200) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(status);
    return response.json();
  };
  const token = await post('/api/payments/local/tokens', {
    number: TEST_CARDS.paid.digits,
    expMonth: TEST_CARD_DETAILS.expMonth,
    expYear: TEST_CARD_DETAILS.expYear,
    cvc: TEST_CARD_DETAILS.cvc,
  });
  const saved = await post('/api/group/billing/save', {
    cardName: 'Olive Once',
    address: '2 Main Street',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US',
    email: uniqueEmail('once-payer'),
    phoneNumber: '(555) 010-3000',
    ...token,
  });
  const plans = await (await request.get('/api/group/billing/plans/list', { headers })).json();
  const lifetime = plans.plans.find((p: { nickname: string }) => p.nickname === 'Lifetime');
  await post('/api/group/billing/assignSubscription', {
    groupId: saved._id,
    priceId: lifetime.id,
    coupons: [],
    name: 'Otto Once',
  });
  const known = { birth: uniqueEmail('known-birth'), parent: uniqueEmail('known-parent') };
  const parent = await post(
    '/api/group/user/create',
    { groupId: saved._id, name: 'Kit Known', email: known.parent, subtype: 'adoptive_parent' },
    201,
  );
  const birth = await post(
    '/api/group/user/create',
    { groupId: saved._id, name: 'Bea Known', email: known.birth, subtype: 'birth_family' },
    201,
  );
  await post('/api/group/user/sync', {
    groupId: saved._id,
    results: [
      { userId: parent._id, userType: 'adoptive_parent' },
      { userId: birth._id, userType: 'birth_family' },
    ],
  });
  return { groupId: saved._id as string, known };
}

/** A second monthly plan, made by the admin, to change to. */
async function monthlyPlan(request: APIRequestContext, name: string) {
  const response = await request.post('/api/payments/plans', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { name, type: 'recurring', unit_amount: 2_999 },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

const slot = (page: Page, name: string) => page.getByRole('group', { name });

test('an agency adds a family in three steps, then manages its members, channels, name, plan and billing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const agency = await activeEntity(request);
  const once = await familyThroughApi(request, agency);
  const otherPlan = `Monthly Plus ${suffix}`;
  await monthlyPlan(request, otherPlan);
  const alice = uniqueEmail('alice');
  const bella = uniqueEmail('bella');
  const payer = uniqueEmail('payer');

  await signIn(page, 'entity', agency.email, agency.password);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Add New Family' })
    .click();

  // Step 1: payment details with the local card.
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Step 1 of 3' })).toBeVisible();
  await fillPaymentDetails(page, { email: payer });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Payment created successfully.')).toBeVisible();

  // Step 2, and a reload: the wizard resumes where it was.
  await expect(page.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();
  await expect(page).toHaveURL(/\/add-new-family\?step=2&groupId=[0-9a-f-]{36}$/);
  const groupId = /groupId=([0-9a-f-]{36})/.exec(page.url())![1]!;
  await page.reload();
  await expect(page.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Step 2 of 3' })).toBeVisible();
  await page.getByRole('textbox', { name: "Child's first name" }).fill(`Robin${suffix}`);
  await page.getByRole('textbox', { name: "Child's last name" }).fill('Lee');
  await page.getByRole('radio', { name: /^Monthly: \$19\.99 per month/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Group created successfully.')).toBeVisible();

  // Step 3: the people; a birth family member found by e-mail is reused, name locked.
  await expect(page.getByRole('heading', { name: 'Add Family Details' })).toBeVisible();
  await expect(slot(page, 'Child').getByRole('textbox', { name: 'First name' })).toHaveValue(
    `Robin${suffix}`,
  );
  await expect(slot(page, 'Adoptive parent 2').getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await slot(page, 'Adoptive parent 1').getByRole('textbox', { name: 'Email' }).fill(alice);
  await slot(page, 'Adoptive parent 1').getByRole('textbox', { name: 'First name' }).fill('Alice');
  await slot(page, 'Adoptive parent 1').getByRole('textbox', { name: 'Last name' }).fill('Adams');
  await expect(slot(page, 'Adoptive parent 2').getByRole('textbox', { name: 'Email' })).toBeEnabled();
  await slot(page, 'Birth family 1').getByRole('textbox', { name: 'Email' }).fill(bella);
  await slot(page, 'Birth family 1').getByRole('textbox', { name: 'First name' }).fill('Bella');
  await slot(page, 'Birth family 1').getByRole('textbox', { name: 'Last name' }).fill('Birch');
  const second = slot(page, 'Birth family 2');
  await second.getByRole('textbox', { name: 'Email' }).fill(once.known.birth);
  await second.getByRole('textbox', { name: 'Email' }).blur();
  await expect(second.getByRole('textbox', { name: 'First name' })).toHaveValue('Bea');
  await expect(second.getByRole('textbox', { name: 'First name' })).toBeDisabled();
  await expect(second.getByRole('textbox', { name: 'Last name' })).toHaveValue('Known');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Group created.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${groupId}/details$`));
  expect(await page.evaluate(() => localStorage.getItem('groupId'))).toBeNull();
  const invitation = await waitForMail(alice, /You are invited to Bridge Talk/);
  expect(invitation.text).toContain(`family of Robin${suffix}`);

  // The family page: a monthly plan, the members, one channel per birth family member.
  await expect(page.getByRole('heading', { name: `Robin${suffix}` })).toBeVisible();
  await expect(page.getByText('Payment method: Card')).toBeVisible();
  await expect(page.getByText('Plan: Monthly')).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row')).toHaveCount(5);
  const channels = page.getByRole('table', { name: 'Channels' });
  await expect(channels.getByRole('row', { name: /Channel 1/ })).toContainText('Bella Birch');
  await expect(channels.getByRole('row', { name: /Channel 2/ })).toContainText('Bea Known');

  await members.getByRole('switch', { name: 'Status of Bella Birch' }).click();
  await expect(page.getByText('Do you really want to deactivate this member?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Updated the status of the member.')).toBeVisible();
  await expect(members.getByRole('switch', { name: 'Status of Bella Birch' })).not.toBeChecked();
  await expect(channels.getByRole('row', { name: /Channel 1/ })).toContainText('Read only');

  await channels.getByRole('switch', { name: 'Status of Channel 2' }).click();
  await expect(
    page.getByText('Do you really want to change the status of the current channel?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Updated the status of the current!')).toBeVisible();
  await expect(channels.getByRole('switch', { name: 'Status of Channel 2' })).not.toBeChecked();

  // The list finds it by a member's e-mail; View opens it again.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Manage Families' })
    .click();
  await page.getByRole('searchbox', { name: 'Search for name or email' }).fill(alice);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row', { name: new RegExp(`Robin${suffix}`) });
  await expect(row).toContainText(payer);
  await expect(row).toContainText('Active');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search for name or email' })).toHaveValue(alice);
  await row.getByRole('link', { name: `View Robin${suffix}` }).click();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${groupId}/details$`));

  // Edit the members: a second adoptive parent found by e-mail is locked.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Family Members' })).toBeVisible();
  const parent2 = slot(page, 'Adoptive parent 2');
  await parent2.getByRole('textbox', { name: 'Email' }).fill(once.known.parent);
  await expect(parent2.getByRole('textbox', { name: 'First name' })).toHaveValue('Kit');
  await expect(parent2.getByRole('textbox', { name: 'First name' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Family members saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${groupId}/details$`));
  await expect(members.getByRole('row', { name: /Kit Known/ })).toContainText('Adoptive parent');

  // Rename: the page shows the new name whole.
  await page.getByRole('link', { name: 'Edit Group Name' }).click();
  await page.getByRole('textbox', { name: 'Group name' }).fill(`Robbie${suffix} Lee`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Edit name group successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Robbie${suffix} Lee`, exact: true })).toBeVisible();

  // Change the plan of the monthly family.
  await page.getByRole('link', { name: 'Change Plan' }).click();
  await expect(page.getByRole('heading', { name: 'Change Plan' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${otherPlan}`) }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Subscription update!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${groupId}/details$`));

  // And its payment details: the stored ones fill the form; the card is entered again.
  await page.getByRole('link', { name: 'Update Billing' }).click();
  await expect(page.getByRole('textbox', { name: 'Cardholder name' })).toHaveValue(TEST_PAYER.cardName);
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue(TEST_PAYER.phoneNumber);
  await fillCard(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Billing update!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${groupId}/details$`));

  // A one-time family: no edit icons.
  await page.goto(`/manage-families/${once.groupId}/details`);
  await expect(page.getByText('Plan: Lifetime')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change Plan' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Update Billing' })).toHaveCount(0);
});

test('another agency’s family is not found', async ({ page, request, consoleErrors }) => {
  // The family and its lists are asked for together: each is refused alike, and none shows a thing.
  consoleErrors.expect(/status of 404 \(Not Found\) \(.*\/api\/group\/list\/[0-9a-f-]{36}\)$/);
  consoleErrors.expect(/status of 404 \(Not Found\) \(.*\/api\/group\/member\/list\/[0-9a-f-]{36}\)$/);
  consoleErrors.expect(/status of 404 \(Not Found\) \(.*\/api\/group\/channel\/list\/[0-9a-f-]{36}\)$/);
  const owner = await activeEntity(request);
  const { groupId } = await familyThroughApi(request, owner);
  const other = await activeEntity(request);
  await signIn(page, 'entity', other.email, other.password);
  await page.goto(`/manage-families/${groupId}/details`);
  await expect(page.getByText('Not found.')).toBeVisible();
});

test('the side menu starts a new family; the family step keeps its entries through a reload', async ({
  page,
  request,
}) => {
  const agency = await activeEntity(request);
  await signIn(page, 'entity', agency.email, agency.password);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Add New Family' }).click();
  await expect(page).toHaveTitle('Add New Family · Bridge Talk');
  await fillPaymentDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();

  // The menu again: a new family from the first step, not the unfinished one.
  await menu.getByRole('link', { name: 'Add New Family' }).click();
  await expect(page).toHaveURL(/\/add-new-family$/);
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cardholder name' })).toHaveValue('');
  await expect(page.getByText(/Payment details saved/)).toHaveCount(0);

  // The unfinished family is resumed from the list, named, and its people typed in.
  await menu.getByRole('link', { name: 'Manage Families' }).click();
  await page.getByRole('link', { name: 'View family not named yet' }).click();
  await expect(page.getByRole('heading', { name: "Enter Child's Name and Select Plan" })).toBeVisible();
  await page.getByRole('textbox', { name: "Child's first name" }).fill('Robin');
  await page.getByRole('textbox', { name: "Child's last name" }).fill('Draft');
  await page.getByRole('radio', { name: /^Monthly:/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Add Family Details' })).toBeVisible();
  const parent = page.getByRole('group', { name: 'Adoptive parent 1' });
  await parent.getByRole('textbox', { name: 'Email' }).fill('alice.draft@e2e.local');
  await parent.getByRole('textbox', { name: 'First name' }).fill('Alice');
  await parent.getByRole('textbox', { name: 'Last name' }).fill('Adams');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Add Family Details' })).toBeVisible();
  await expect(parent.getByRole('textbox', { name: 'Email' })).toHaveValue('alice.draft@e2e.local');
  await expect(parent.getByRole('textbox', { name: 'First name' })).toHaveValue('Alice');
  await expect(parent.getByRole('textbox', { name: 'Last name' })).toHaveValue('Adams');
  // The draft is the tab's, never in the storage that outlives it.
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain('alice.draft');
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

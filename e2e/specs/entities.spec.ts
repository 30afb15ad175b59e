// Entity Management as an admin drives it: create (the invitation arrives, the entity activates and
// signs in), search, sort and pages in the address, disable (the entity is refused at once), enable,
// and the details page's coupon-adjusted prices; an access request is enabled only by saving its
// completed form (Cancel leaves it pending and uninvited), or rejected with an e-mail to its requester.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { activateViaApi, activeEntity, adminToken, codeIn, uniqueEmail } from '../support/accounts.js';
import { expect, readMails, test, waitForMail } from '../support/fixtures.js';
import { signIn, signInAdmin } from '../support/sign-in.js';

/** Entities made through the API, with a tag in their names to find them by. */
async function createEntities(request: APIRequestContext, tag: string, count: number) {
  const token = await adminToken(request);
  const created: { _id: string; name: string; email: string }[] = [];
  for (let i = 1; i <= count; i++) {
    const response = await request.post('/api/entity/create', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `${tag} Agency ${String(i).padStart(2, '0')}`,
        phone: '(555) 010-2000',
        address: `${i} Main Street`,
        email: uniqueEmail(tag.toLowerCase()),
        startContract: '2026-01-01',
        endContract: '2027-12-31',
        subtype: 'agency',
        coupon: '',
      },
    });
    expect(response.status()).toBe(201);
    created.push(await response.json());
  }
  return { token, created };
}

const row = (page: Page, ...texts: string[]) =>
  texts.reduce((rows, text) => rows.filter({ hasText: text }), page.getByRole('row'));
const invitations = (email: string) =>
  readMails().filter((m) => m.to.includes(email) && /Your Bridge Talk portal account/.test(m.subject));

test('an admin creates an entity; the invitation arrives; the entity activates and signs in', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('created');
  const name = `Created ${randomUUID().slice(0, 6)} Adoptions`;
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Add Account' }).first().click();
  await expect(page).toHaveURL(/\/entity-management\/create$/);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Entity name is a required field')).toBeVisible();
  await expect(page.getByText('Start contract field is wrong')).toBeVisible();

  await page.getByRole('textbox', { name: 'Entity name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('5550102000');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('(555) 010-2000');
  await page.getByRole('textbox', { name: 'Address' }).fill('1 Main Street, Springfield');
  await page.getByRole('textbox', { name: 'Start contract' }).fill('2026-01-01');
  await page.getByRole('textbox', { name: 'End contract' }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('End contract must be greater than start contract')).toBeVisible();
  await expect(page.getByText('Start contract must be less than end contract')).toBeVisible();
  await page.getByRole('textbox', { name: 'End contract' }).fill('2027-12-31');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Entity account created. An invitation was sent by e-mail.')).toBeVisible();
  await expect(page).toHaveURL(/\/entity-management$/);
  const invitation = await waitForMail(email, /Your Bridge Talk portal account/);
  expect(invitation.text).toContain(`Hello ${name},`);
  expect(codeIn(invitation.text)).toMatch(/^[A-Z2-9]{6}$/);

  // The same address again is refused on the field.
  await page.getByRole('link', { name: 'Add Account' }).first().click();
  await page.getByRole('textbox', { name: 'Entity name' }).fill('Copycat Agency');
  await page.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
  await page.getByRole('textbox', { name: 'Phone' }).fill('5550102000');
  await page.getByRole('textbox', { name: 'Address' }).fill('2 Main Street');
  await page.getByRole('textbox', { name: 'Start contract' }).fill('2026-01-01');
  await page.getByRole('textbox', { name: 'End contract' }).fill('2027-01-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    'This email is already in our database.',
  );

  // The entity's first sign-in: the 406 flow of the sign-in screens.
  const entityContext = await browser.newContext();
  const entityPage = await entityContext.newPage();
  await signIn(entityPage, 'entity', email, 'not-set-yet', { land: false });
  await expect(entityPage.getByText('You will be redirected to create the password.')).toBeVisible();
  await expect(entityPage).toHaveURL(/\/activation-code\/entity$/);
  const activation = await waitForMail(email, /activation code/);
  await entityPage.getByRole('textbox', { name: 'Code' }).fill(codeIn(activation.text));
  await entityPage.getByRole('button', { name: 'Continue' }).click();
  await expect(entityPage).toHaveURL(/\/new-password\/entity$/);
  await entityPage.getByRole('textbox', { name: 'New password' }).fill('Created-Pass-1');
  await entityPage.getByRole('textbox', { name: 'Re-type password' }).fill('Created-Pass-1');
  await entityPage.getByRole('button', { name: 'Save password' }).click();
  await expect(entityPage).toHaveURL(/\/manage-families$/);
  await expect(entityPage.getByRole('heading', { level: 1, name: 'Manage Families' })).toBeVisible();
  await entityContext.close();
});

test('search, status sort and page live in the address: reload and Back keep them', async ({
  page,
  request,
}) => {
  const tag = `Srch${randomUUID().slice(0, 6)}`;
  const { token, created } = await createEntities(request, tag, 12);
  // Three of them disabled, so the status sort has something to order.
  for (const entity of created.slice(0, 3)) {
    await request.put(`/api/entity/edit/${entity._id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'inactive' },
    });
  }
  await signInAdmin(page);
  const search = page.getByRole('searchbox', { name: 'Search for entities or lawyers' });
  await search.fill(tag.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`\\?search=${tag.toUpperCase()}$`));
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await expect(row(page, `${tag} Agency 01`)).toBeVisible();
  await expect(row(page, `${tag} Agency 11`)).toHaveCount(0);

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(row(page, `${tag} Agency 12`)).toBeVisible();
  await page.reload();
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(search).toHaveValue(tag.toUpperCase());
  await page.goBack();
  await expect(page.getByText('1–10 of 12')).toBeVisible();

  const statusHeader = page.getByRole('columnheader', { name: 'Status' });
  await statusHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=asc/);
  await expect(statusHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').nth(1)).toContainText('Active');
  await statusHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=desc/);
  await expect(page.getByRole('row').nth(1)).toContainText('Disabled');
  await expect(page.getByRole('row').nth(3)).toContainText('Disabled');
  await expect(page.getByRole('row').nth(4)).toContainText('Active');
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'descending');

  // View and Edit only for active entities; the deep link of a details page works.
  const disabledRow = row(page, `${tag} Agency 01`);
  await expect(disabledRow.getByRole('link')).toHaveCount(0);
  await row(page, `${tag} Agency 05`).getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: `${tag} Agency 05` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('5 Main Street');
  await page.goBack();
  await expect(page).toHaveURL(/sort=desc/);
  await expect(search).toHaveValue(tag.toUpperCase());
});

test('disabling an entity refuses its next request; enabling opens its edit screen', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  // The disabled entity's next request and the refresh it tries are refused: that is the journey.
  consoleErrors.expect(/status of 401 \(Unauthorized\) \(.*\/api\/auth\/me\)$/);
  consoleErrors.expect(/status of 401 \(Unauthorized\) \(.*\/api\/auth\/refresh\)$/);
  const tag = `Dis${randomUUID().slice(0, 6)}`;
  const { created } = await createEntities(request, tag, 1);
  const entity = created[0]!;
  await activateViaApi(request, { email: entity.email, role: 'entity', password: 'Entity-Pass-1' });

  const entityContext = await browser.newContext();
  const entityPage = await entityContext.newPage();
  await signIn(entityPage, 'entity', entity.email, 'Entity-Pass-1');
  await expect(entityPage).toHaveURL(/\/manage-families$/);

  await signInAdmin(page);
  await page.getByRole('searchbox', { name: 'Search for entities or lawyers' }).fill(tag);
  await expect(row(page, entity.name)).toContainText('Active');
  await row(page, entity.name).getByRole('button', { name: 'Disable' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Do you really want to change the status of the current user?');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Change status successfully.')).toBeVisible();
  await expect(row(page, entity.name)).toContainText('Disabled');
  await expect(row(page, entity.name).getByRole('button', { name: 'Enable' })).toBeVisible();

  // The entity's open session is refused at its next request: it lands on its login page, told why,
  // and so is its next sign-in.
  await entityPage.getByRole('button', { name: 'User menu' }).click();
  await entityPage.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(entityPage).toHaveURL(/\/login\/entity\?ended=disabled$/);
  await expect(entityPage.getByRole('status')).toHaveText(
    'Your account has been disabled. Please contact the Bridge Talk team.',
  );
  await signIn(entityPage, 'entity', entity.email, 'Entity-Pass-1', { land: false });
  await expect(
    entityPage.getByText('Your account has been disabled. Please contact the Bridge Talk team.').last(),
  ).toBeVisible();

  // Enabling asks first, then opens the form: Cancel leaves the entity disabled, Save enables it.
  await row(page, entity.name).getByRole('button', { name: 'Enable' }).click();
  await expect(dialog).toContainText('Do you really want to change the status of the current user?');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`/entity-management/${entity._id}/edit\\?enable=1$`));
  await expect(
    page.getByText('Check the details and save to enable this entity again.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/entity-management/${entity._id}/details$`));
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Entity Management' })
    .click();
  await page.getByRole('searchbox', { name: 'Search for entities or lawyers' }).fill(tag);
  await expect(row(page, entity.name)).toContainText('Disabled');
  await row(page, entity.name).getByRole('button', { name: 'Enable' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('textbox', { name: 'Entity name' })).toHaveValue(entity.name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/entity-management/${entity._id}/details$`));
  await expect(page.getByText('Change status successfully.').last()).toBeVisible();

  await signIn(entityPage, 'entity', entity.email, 'Entity-Pass-1');
  await expect(entityPage).toHaveURL(/\/manage-families$/);
  await entityContext.close();
});

interface AdminPlan {
  id: string;
  type: 'recurring' | 'one_time';
  unit_amount: number;
  active: boolean;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('details show the monthly and lifetime prices after the entity coupon; the coupon is checked on leaving it', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The unknown coupon typed on purpose: the check of it is answered 404.
  consoleErrors.expect(/status of 404 \(Not Found\) \(.*\/api\/group\/billing\/coupon\/NOPE[^/]*\)$/);
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  const { token, created } = await createEntities(request, `Cpn${suffix}`, 1);
  const entity = created[0]!;
  const headers = { authorization: `Bearer ${token}` };

  // The details page prices the cheapest active plan of each type. These plans are made cheaper than
  // any active plan of their type, so they are the ones shown whatever other specs created before.
  const listed = await request.get('/api/payments/plans', { headers });
  expect(listed.status(), await listed.text()).toBe(200);
  const existing = ((await listed.json()) as { plans: AdminPlan[] }).plans.filter((plan) => plan.active);
  /** At most `cap`, below every active plan of the type, and a multiple of 4: a quarter off is exact. */
  const priceFor = (type: AdminPlan['type'], cap: number) => {
    const cheapest = Math.min(
      cap + 1,
      ...existing.filter((plan) => plan.type === type).map((p) => p.unit_amount),
    );
    const price = Math.floor((cheapest - 1) / 4) * 4;
    expect(price, `room for a ${type} plan below the cheapest`).toBeGreaterThanOrEqual(52);
    return price;
  };
  const monthlyPrice = priceFor('recurring', 1_200);
  const lifetimePrice = priceFor('one_time', 4_000);

  const plans: AdminPlan[] = [];
  try {
    for (const [name, type, unit_amount] of [
      [`Monthly ${suffix}`, 'recurring', monthlyPrice],
      [`Lifetime ${suffix}`, 'one_time', lifetimePrice],
    ] as const) {
      const response = await request.post('/api/payments/plans', {
        headers,
        data: { name, type, unit_amount },
      });
      expect(response.status(), await response.text()).toBe(200);
      plans.push(await response.json());
    }
    const code = `Q${suffix}`;
    const couponName = `Quarter off ${suffix}`;
    const coupon = await request.post('/api/payments/coupons', {
      headers,
      data: {
        id: code,
        name: couponName,
        percent_off: 25,
        amount_off: null,
        max_redemptions: null,
        products: plans.map((plan) => plan.id),
      },
    });
    expect(coupon.status(), await coupon.text()).toBe(200);
    const edited = await request.put(`/api/entity/edit/${entity._id}`, {
      headers,
      data: {
        name: entity.name,
        email: entity.email,
        phone: '(555) 010-2000',
        address: '1 Main Street',
        startContract: '2026-01-01',
        endContract: '2027-12-31',
        coupon: code,
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    await signInAdmin(page);
    await page.goto(`/entity-management/${entity._id}/details`);
    await expect(page.getByRole('heading', { name: entity.name })).toBeVisible();
    await expect(page.getByText(`After the coupon ${code}: ${couponName}`)).toBeVisible();
    // Other journeys' plans are offered too: each price is labelled with its plan's name.
    await expect(page.getByRole('textbox', { name: `Monthly Plan: Monthly ${suffix}` })).toHaveValue(
      dollars((monthlyPrice * 3) / 4),
    );
    await expect(page.getByRole('textbox', { name: `Lifetime Plan: Lifetime ${suffix}` })).toHaveValue(
      dollars((lifetimePrice * 3) / 4),
    );

    await page.getByRole('link', { name: 'Edit' }).click();
    const couponBox = page.getByRole('textbox', { name: 'Coupon' });
    await expect(couponBox).toHaveValue(code);
    // A code nobody created: the billing lookup refuses it.
    await couponBox.fill(`NOPE${suffix}`);
    await couponBox.press('Tab');
    await expect(couponBox).toHaveValue('');
    await expect(couponBox).toHaveAccessibleDescription('COUPON NOT VALID!');
    await couponBox.fill(code.toLowerCase());
    await couponBox.press('Tab');
    await expect(page.getByText(couponName)).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Entity account saved.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/entity-management/${entity._id}/details$`));
    await expect(page.getByRole('textbox', { name: `Lifetime Plan: Lifetime ${suffix}` })).toHaveValue(
      dollars((lifetimePrice * 3) / 4),
    );
  } finally {
    // Archived again, so no later spec finds these cheap plans first.
    for (const plan of plans) {
      const archived = await request.post(`/api/payments/plans/${plan.id}/archive`, { headers });
      expect(archived.status(), await archived.text()).toBe(200);
    }
  }
});

test('every entity route refuses a visitor (401) and an entity (403)', async ({ request }) => {
  const { created } = await createEntities(request, `Perm${randomUUID().slice(0, 6)}`, 1);
  const id = created[0]!._id;
  const agency = await activeEntity(request);
  const login = await request.post('/api/auth/login', {
    data: { email: agency.email, password: agency.password, role: 'entity' },
  });
  expect(login.status()).toBe(200);
  const asEntity = { authorization: `Bearer ${(await login.json()).accessToken}` };
  for (const [method, url] of [
    ['GET', '/api/entity/list'],
    ['GET', `/api/entity/list/${id}`],
    ['POST', '/api/entity/create'],
    ['PUT', `/api/entity/edit/${id}`],
  ] as const) {
    const data = method === 'GET' ? undefined : {};
    const visitor = await request.fetch(url, { method, data });
    expect(visitor.status(), `visitor ${method} ${url}`).toBe(401);
    expect(await visitor.json()).toEqual({ message: 'Your session has expired. Please sign in again.' });
    const entity = await request.fetch(url, { method, data, headers: asEntity });
    expect(entity.status(), `entity ${method} ${url}`).toBe(403);
    expect(await entity.json()).toEqual({ message: 'You do not have permission to do that.' });
  }
  // The entity's own session still works: the refusals were about the role, not the token.
  const me = await request.get('/api/auth/me', { headers: asEntity });
  expect(me.status()).toBe(200);
});

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

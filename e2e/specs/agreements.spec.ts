// A family's contact agreement as a caseworker writes and keeps it: written from the family page
// (photos every three months from the birth family, a visit once), the birth mother's picture of today
// keeps the current window while the one before was missed, the caseworker excuses that one with a
// reason, and the family page and its activity say so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { activeEntity } from '../support/accounts.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { expectUsableAtEveryWidth } from '../support/layout.js';
import { signIn } from '../support/sign-in.js';

const LAKE = fileURLToPath(new URL('../fixtures/lake.jpg', import.meta.url));
const PHOTOS = 'Photos — Birth family to Adoptive parents';
const VISIT = 'Visit — Adoptive parents to Birth family';
const REASON = 'The birth mother moved house that month.';

const DAY = 86_400_000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
/** As the portal shows a date: mm.dd.yyyy. */
const shown = (value: string) => `${value.slice(5, 7)}.${value.slice(8, 10)}.${value.slice(0, 4)}`;

test('an agreement written for a family: a picture keeps its window, a missed one is excused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const agency = await activeEntity(request);
  const family = await familyWithConversation(
    request,
    agency,
    { child: 'Mia Brook', parent: 'Ann Brook', birth: 'Tess Hale' },
    {
      birth: [{ html: '<p>The lake today</p>', picture: { path: path.resolve(LAKE), title: 'Lake' } }],
      parent: 'Thank you!',
    },
  );
  // In UTC, as the agreement will be: a start about 130 days back, on a day every month has. The first
  // quarter's due date is then some 40 days past, beyond its grace: missed, and today's picture is
  // this quarter's.
  const now = new Date();
  const today = iso(now);
  const back = new Date(now.getTime() - 130 * DAY);
  const start = new Date(
    Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), Math.min(back.getUTCDate(), 28)),
  );
  const firstDue = iso(
    new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 3, start.getUTCDate())),
  );
  const visitBy = iso(new Date(now.getTime() + 30 * DAY));

  await signIn(page, 'entity', agency.email, agency.password);
  await page.goto(`/manage-families/${family.groupId}/details`);
  const box = page.getByRole('region', { name: 'Contact agreement' });
  await expect(box.getByText('No contact agreement yet.')).toBeVisible();
  await box.getByRole('link', { name: 'Write the agreement' }).click();

  await expect(page.getByRole('heading', { name: 'Write the agreement' })).toBeVisible();
  await page.getByLabel('In force from').fill(iso(start));
  const zone = page.getByRole('combobox', { name: "Agency's time zone" });
  await zone.click();
  await zone.fill('UTC');
  await page.getByRole('option', { name: 'UTC', exact: true }).click();
  const first = page.getByRole('group', { name: 'Item 1' });
  await first.getByRole('combobox', { name: 'Given by' }).click();
  await page.getByRole('option', { name: 'Birth family' }).click();
  await first.getByLabel('Counted from').fill(iso(start));
  await page.getByRole('button', { name: 'Add an item' }).click();
  const second = page.getByRole('group', { name: 'Item 2' });
  await second.getByRole('combobox', { name: 'What' }).click();
  await page.getByRole('option', { name: 'Visit' }).click();
  await second.getByRole('combobox', { name: 'How often' }).click();
  await page.getByRole('option', { name: 'Once' }).click();
  await second.getByLabel(/^By/).fill(visitBy);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Contact agreement saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${family.groupId}/agreement$`));
  const photos = page.getByRole('table', { name: PHOTOS });
  const rows = photos.getByRole('row');
  await expect(rows.nth(1)).toContainText(`Kept on ${shown(today)}`);
  await expect(rows.nth(2)).toContainText(`Missed (due ${shown(firstDue)})`);
  // A reload keeps the page.
  await page.reload();
  await expect(rows.nth(2)).toContainText(`Missed (due ${shown(firstDue)})`);

  await page.getByRole('button', { name: `Excuse: ${PHOTOS}, ${shown(firstDue)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Excuse this window' });
  await dialog.getByRole('button', { name: 'Excuse' }).click();
  await expect(dialog.getByText('Say why this window is excused.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
  await dialog.getByRole('button', { name: 'Excuse' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.nth(2)).toContainText(`Excused (due ${shown(firstDue)})`);
  await expect(rows.nth(2)).toContainText(REASON);
  await expect(page.getByRole('button', { name: `Excuse: ${PHOTOS}, ${shown(firstDue)}` })).toHaveCount(0);
  await expectUsableAtEveryWidth(page, 'contact agreement');

  // The report of the agreement so far: a CSV file named after the family, with no message's text.
  const report = page.getByRole('region', { name: 'Agreement report' });
  await report.getByLabel('From').fill(iso(start));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Contact agreement Mia Brook ${iso(start)} to ${today}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain(
    `Photos,Birth family,Adoptive parents,${iso(start)},${firstDue},${firstDue},Excused,,`,
  );
  expect(csv).toContain(REASON);
  expect(csv).not.toContain('The lake today');

  await page.goto(`/manage-families/${family.groupId}/details`);
  const items = box.getByRole('listitem');
  await expect(items.filter({ hasText: PHOTOS })).toContainText(`Kept on ${shown(today)}`);
  await expect(items.filter({ hasText: VISIT })).toContainText('Due in 30 days');

  await page.goto(`/manage-families/${family.groupId}/activity`);
  await expect(page.getByText('Saved the contact agreement.')).toBeVisible();
  await expect(page.getByText('Marked a window of the contact agreement.')).toBeVisible();
  await expect(page.getByText(`Window due ${shown(firstDue)}: excused · ${REASON}`)).toBeVisible();
  await expect(page.getByText('Downloaded the agreement report.')).toBeVisible();
});

test('time passes: an item falls overdue, the agency is alerted, the list and the desk show it until it is excused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const agency = await activeEntity(request);
  // The birth mother's picture of today (through the members' API) keeps the first quarter's photos.
  const family = await familyWithConversation(
    request,
    agency,
    { child: 'Noa Vale', parent: 'Ivy Vale', birth: 'Rae Moss' },
    {
      birth: [{ html: '<p>The lake today</p>', picture: { path: path.resolve(LAKE), title: 'Lake' } }],
      parent: 'Thank you!',
    },
  );
  const login = await request.post('/api/auth/login', {
    data: { email: agency.email, password: agency.password, role: 'entity' },
  });
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };
  // Photos every three months and a letter twice a year, both from the birth family, from 20 days back.
  const now = new Date();
  const start = iso(new Date(now.getTime() - 20 * DAY));
  const saved = await request.put(`/api/group/agreement/${family.groupId}`, {
    headers: auth,
    data: {
      effectiveFrom: start,
      timeZone: 'UTC',
      items: [
        {
          kind: 'photos',
          giver: 'birth',
          receiver: 'adoptive',
          frequency: { type: 'everyMonths', months: 3, start },
        },
        {
          kind: 'letter',
          giver: 'birth',
          receiver: 'adoptive',
          frequency: { type: 'everyMonths', months: 6, start: iso(now) },
        },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  const photos = (await saved.json()).agreement.items[0];
  expect(photos.windows[0].state).toBe('kept');
  // The next quarter's due date: six months after the start, on the start's day or the month's last.
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + 7, 0)).getUTCDate();
  const nextDue = iso(new Date(Date.UTC(y, m - 1 + 6, Math.min(d, lastDay))));
  expect(photos.windows[0].due < nextDue).toBe(true);

  const before = Date.now();
  try {
    // The agreements' clock moves two days past the next due date: nothing was given for it.
    const moved = await request.put('/api/test/clock', {
      data: { now: `${iso(new Date(Date.parse(`${nextDue}T12:00:00Z`) + 2 * DAY))}T12:00:00.000Z` },
    });
    expect(moved.status()).toBe(200);
    const alert = await waitForMail(agency.email, /agreement item is overdue/, { after: before });
    expect(alert.subject).toBe('An agreement item is overdue in the family Noa Vale');
    expect(alert.text).toContain(`Noa Vale: Photos, due ${shown(nextDue)}`);
    expect(alert.text).toContain(`/manage-families/${family.groupId}/agreement`);

    await signIn(page, 'entity', agency.email, agency.password);
    await page.goto('/manage-families');
    await page.getByLabel('Agreement').selectOption({ label: 'Overdue' });
    await expect(page).toHaveURL(/agreement=overdue/);
    const row = page.getByRole('row', { name: /Noa Vale/ });
    await expect(row).toContainText(`Overdue since ${shown(nextDue)}`);
    // A reload keeps the filter.
    await page.reload();
    await expect(page.getByRole('row', { name: /Noa Vale/ })).toBeVisible();

    const menu = page.getByRole('link', { name: /Agreements due/ });
    await expect(menu.getByLabel('1 agreement overdue or due soon')).toBeVisible();
    await menu.click();
    await expect(page.getByRole('heading', { name: 'Agreements due' })).toBeVisible();
    const due = page.getByRole('row', { name: /Noa Vale/ });
    await expect(due).toContainText(`Photos from Birth family, due ${shown(nextDue)}`);
    await due.getByRole('link', { name: 'Noa Vale' }).click();

    const table = page.getByRole('table', { name: 'Photos — Birth family to Adoptive parents' });
    await expect(table.getByRole('row').nth(2)).toContainText(`Overdue since ${shown(nextDue)}`);
    await page
      .getByRole('button', { name: `Excuse: Photos — Birth family to Adoptive parents, ${shown(nextDue)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Excuse this window' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Excuse' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').nth(2)).toContainText(`Excused (due ${shown(nextDue)})`);

    await page.goto('/agreements-due');
    await expect(page.getByText('No agreement has an item overdue or due soon.')).toBeVisible();
    await page.goto('/manage-families?agreement=overdue');
    await expect(page.getByText('No data')).toBeVisible();
    await expect(page.getByRole('row', { name: /Noa Vale/ })).toHaveCount(0);
  } finally {
    await request.put('/api/test/clock', { data: { now: null } });
  }
});

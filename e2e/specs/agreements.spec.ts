// A family's contact agreement as a caseworker writes and keeps it: written from the family page
// (photos every three months from the birth family, a visit once), the birth mother's picture of today
// keeps the current window while the one before was missed, the caseworker excuses that one with a
// reason, and the family page and its activity say so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { activeEntity } from '../support/accounts.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test } from '../support/fixtures.js';
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

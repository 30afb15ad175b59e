// A family's contact agreement as a caseworker writes and keeps it: written from the family page
// (photos every three months from the birth family, a visit once), the birth mother's picture of today
// keeps the current window while the one before was missed, the caseworker excuses that one with a
// reason, the signed agreement is attached and downloaded, and the family page and its activity say so.
// Then time passes: an item falls overdue, the agency is alerted and excuses it, and the report of the
// period is a PDF the verify page recognises; the agency's year counts it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
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

  // The signed agreement, scanned as a PDF: attached to this version, then downloaded as it was.
  const signed = page.getByRole('region', { name: 'Signed agreement' });
  await expect(signed).toContainText('No signed agreement is attached to this version.');
  const scan = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    signed.getByRole('button', { name: 'Attach the signed agreement' }).click(),
  ]);
  await chooser.setFiles({ name: 'Mia Brook agreement.pdf', mimeType: 'application/pdf', buffer: scan });
  await expect(page.getByText('Signed agreement attached.')).toBeVisible();
  await expect(signed).toContainText('Mia Brook agreement.pdf');
  await expect(signed.getByRole('button', { name: 'Replace the file' })).toBeVisible();
  const [copy] = await Promise.all([
    page.waitForEvent('download'),
    signed.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(copy.suggestedFilename()).toBe('Mia Brook agreement.pdf');
  expect(readFileSync(await copy.path()).equals(scan)).toBe(true);

  await page.goto(`/manage-families/${family.groupId}/details`);
  const items = box.getByRole('listitem');
  await expect(items.filter({ hasText: PHOTOS })).toContainText(`Kept on ${shown(today)}`);
  await expect(items.filter({ hasText: VISIT })).toContainText('Due in 30 days');

  await page.goto(`/manage-families/${family.groupId}/activity`);
  await expect(page.getByText('Saved the contact agreement.')).toBeVisible();
  await expect(page.getByText('Marked a window of the contact agreement.')).toBeVisible();
  await expect(page.getByText(`Window due ${shown(firstDue)}: excused · ${REASON}`)).toBeVisible();
  await expect(page.getByText('Downloaded the agreement report.')).toBeVisible();
  await expect(page.getByText('Attached the signed agreement.')).toBeVisible();
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
    const movedTo = new Date(Date.parse(`${nextDue}T12:00:00Z`) + 2 * DAY);
    const moved = await request.put('/api/test/clock', { data: { now: movedTo.toISOString() } });
    expect(moved.status()).toBe(200);
    const alert = await waitForMail(agency.email, /agreement item is overdue/, { after: before });
    expect(alert.subject).toBe('An agreement item is overdue in the family Noa Vale');
    expect(alert.text).toContain(`Noa Vale: Photos, due ${shown(nextDue)}`);
    expect(alert.text).toContain(`/manage-families/${family.groupId}/agreement`);

    await signIn(page, 'entity', agency.email, agency.password);
    await page.goto('/manage-families');
    await page.getByLabel('Agreement', { exact: true }).selectOption({ label: 'Overdue' });
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

    // The agreement report as PDF: its windows (never a message's text), and a fingerprint that the
    // verify page knows, checked there by a clerk holding the file.
    const report = page.getByRole('region', { name: 'Agreement report' });
    await report.getByLabel('From').fill(start);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const until = await report.getByLabel('To').inputValue();
    expect(download.suggestedFilename()).toBe(`Contact agreement Noa Vale ${start} to ${until}.pdf`);
    const file = await download.path();
    const pdf = readFileSync(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Contact agreement report');
    expect(text).toContain(`${shown(photos.windows[0].from)} – ${shown(photos.windows[0].due)}`);
    expect(text).toMatch(new RegExp(`${shown(nextDue)}\\s+Excused`));
    expect(text).toMatch(/The birth mother\s+moved house/);
    expect(text).not.toContain('The lake today');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const issued = page.getByRole('status').filter({ hasText: 'was issued' });
    await expect(issued).toContainText(sha256);
    await issued.getByRole('link', { name: 'Check it on the verify page' }).click();
    await expect(page).toHaveURL(`/verify/${sha256}`);
    const result = page.getByTestId('verify-result');
    await expect(result).toContainText(
      'An agreement report with this fingerprint was issued by the Bridge Talk portal.',
    );
    await expect(result.getByRole('row', { name: /^Period/ })).toContainText(shown(start));
    await page.locator('input[type="file"]').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(result).toContainText('This file was issued by the Bridge Talk portal.');

    await page.goto('/agreements-due');
    await expect(page.getByText('No agreement has an item overdue or due soon.')).toBeVisible();

    // The agency's year of the due date: the quarter kept (when it fell due that year) and the one
    // excused, counted. The page offers the years up to the browser's: its clock moves as the server's.
    await page.clock.setFixedTime(movedTo);
    await page.getByRole('link', { name: 'Agreements by year' }).click();
    await expect(page.getByRole('heading', { name: 'Agreements by year' })).toBeVisible();
    const year = nextDue.slice(0, 4);
    const years = page.getByLabel('Year', { exact: true });
    await expect(years).toHaveValue(year);
    // Another year and back, as the address keeps it.
    await years.selectOption(String(Number(year) - 1));
    await expect(page).toHaveURL(new RegExp(`year=${Number(year) - 1}`));
    await page.goBack();
    await expect(years).toHaveValue(year);
    const yearRow = page
      .getByRole('table', { name: 'Agreements by year' })
      .getByRole('row', { name: /Noa Vale/ });
    // Items due, kept on time, late, missed, excused, still open (the letter's first half-year).
    await expect(yearRow.getByRole('cell')).toHaveText([
      /^\d+$/,
      photos.windows[0].due.startsWith(year) ? '1' : '0',
      '0',
      '0',
      '1',
      /^\d+$/,
    ]);

    await page.goto('/manage-families?agreement=overdue');
    await expect(page.getByText('No data')).toBeVisible();
    await expect(page.getByRole('row', { name: /Noa Vale/ })).toHaveCount(0);
  } finally {
    await request.put('/api/test/clock', { data: { now: null } });
  }
});

// A member's message cannot harm the caseworker who reads it: html that tries to cover the whole
// conversation (a fixed, full-screen box on top of everything) stays inside its own message, and the
// rest of the page can still be seen and used. A picture the member uploaded is shown from the portal
// itself — the page asks nothing of any other origin — and the exported transcript prints it as a
// picture, with no address, data: URL or base64 text.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@bridge-talk/contract';
import { activeEntity, uniqueEmail } from '../support/accounts.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { signIn } from '../support/sign-in.js';

const LAKE = fileURLToPath(new URL('../fixtures/lake.jpg', import.meta.url));

const OVERLAY =
  '<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;background:#fff;z-index:9999" class="mantine-Modal-overlay">Fake screen</div>';

test('a member’s overlay stays inside its message, a picture comes from the portal alone, and the transcript prints it', async ({
  page,
  request,
}) => {
  const agency = await activeEntity(request);
  const family = await familyWithConversation(
    request,
    agency,
    { child: 'Sage Safety', parent: 'Pia Parent', birth: 'Bob Birth' },
    {
      birth: [
        OVERLAY,
        '<p>An ordinary message from the birth family.</p>',
        { html: '<p>The lake last summer.</p>', picture: { path: LAKE, title: 'Lake at sunset' } },
      ],
      parent: '<p>Thank you.</p>',
    },
  );

  // Every request the page makes, from the sign-in on: all of them to the portal's own origin.
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text());
  });
  await signIn(page, 'entity', agency.email, agency.password);
  await page.goto(`/manage-families/${family.groupId}/channel/${family.channelId}`);
  const log = page.getByRole('log', { name: MSG.conversations.messagesLabel });

  // The picture shows, loaded from the portal (its thumbnail), and opens full size from the portal.
  const picture = log.getByRole('img', { name: 'Lake at sunset' });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(640);
  const full = log.getByRole('link', { name: `${MSG.conversations.openFullSize}: Lake at sunset` });
  const fullUrl = new URL((await full.getAttribute('href'))!, page.url());
  const served = await request.get(fullUrl.toString());
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(
    createHash('sha256')
      .update(await served.body())
      .digest('hex'),
  ).toBe(createHash('sha256').update(readFileSync(LAKE)).digest('hex'));
  const overlay = log.getByText('Fake screen');
  await expect(overlay).toBeVisible();

  const overlayBox = await overlay.boundingBox();
  const messageBox = await log.getByTestId('message-body').filter({ hasText: 'Fake screen' }).boundingBox();
  expect(overlayBox).not.toBeNull();
  expect(messageBox).not.toBeNull();
  expect(overlayBox!.x).toBeGreaterThanOrEqual(messageBox!.x);
  expect(overlayBox!.y).toBeGreaterThanOrEqual(messageBox!.y);
  expect(overlayBox!.x + overlayBox!.width).toBeLessThanOrEqual(messageBox!.x + messageBox!.width);
  expect(overlayBox!.y + overlayBox!.height).toBeLessThanOrEqual(messageBox!.y + messageBox!.height);

  // Seen and reachable: a trial click fails when something else would receive the click.
  const ordinary = log.getByText('An ordinary message from the birth family.');
  await expect(ordinary).toBeVisible();
  await ordinary.click({ trial: true });
  const exportButton = page.getByRole('button', { name: MSG.families.export });
  await expect(exportButton).toBeVisible();
  await exportButton.click({ trial: true });

  // Nothing a message holds is taken out of the flow, nor keeps a style or a class of its own.
  const escaping = await log.getByTestId('message-html').evaluateAll((containers) =>
    containers
      .flatMap((container) => [...container.querySelectorAll('*')])
      .filter(
        (element) =>
          ['fixed', 'absolute', 'sticky'].includes(getComputedStyle(element).position) ||
          element.hasAttribute('style') ||
          element.hasAttribute('class'),
      )
      .map((element) => element.outerHTML),
  );
  expect(escaping).toEqual([]);

  // Nothing was asked of another origin, and no style or script was refused by the page's policy.
  const origin = new URL(page.url()).origin;
  expect(requested.length).toBeGreaterThan(5);
  expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(violations).toEqual([]);

  // The transcript prints the picture as a picture: an image object, and no address or encoded text.
  const email = uniqueEmail('records');
  await exportButton.click();
  const dialog = page.getByRole('dialog', { name: MSG.conversations.exportTitle });
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
  await dialog.getByRole('textbox', { name: /^Re-type email/ }).fill(email);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const mail = await waitForMail(email, /Conversation export: Sage Safety, Channel 1/);
  const pdf = Buffer.from(mail.attachments[0]!.base64, 'base64');
  const bytes = pdf.toString('latin1');
  expect(bytes.match(/\/Subtype \/Image/g)).toHaveLength(1);
  expect(bytes).not.toMatch(/data:|base64/);
  const folder = mkdtempSync(path.join(tmpdir(), 'bt-transcript-'));
  const file = path.join(folder, 'transcript.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain('Image: Lake at sunset');
  expect(text).toContain('lake.jpg');
  expect(text).not.toMatch(/data:|base64|\/api\//);
  // Looked at as pictures: every page renders (the PNGs are kept beside the test's output).
  mkdirSync(test.info().outputDir, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(test.info().outputDir, 'transcript')]);
  expect(
    readdirSync(test.info().outputDir).filter((f) => f.startsWith('transcript')).length,
  ).toBeGreaterThanOrEqual(2);
});

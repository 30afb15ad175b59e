// Conversations, on a private server filled by `npm run seed:demo`: a seeded conversation with a
// reported message and pictures, paging back through a 10 000-message channel, the channel's status,
// an export whose PDF the e-mail delivers and the verify call recognises, and a member's hostile html
// that never runs.
import { createHash, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { codeIn } from '../support/accounts.js';
import { DEMO_AGENCY, type DemoFamily, type DemoServer, startDemoServer } from '../support/demo-server.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import type { ServerProcess } from '../support/server-process.js';
import { signIn } from '../support/sign-in.js';

const AGENCY = DEMO_AGENCY;
const BIRTH_MOTHER = 'beatrice.lane@demo.bridgetalk.local';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let demo: DemoServer;
let server: ServerProcess;
let families: DemoServer['families'];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  demo = await startDemoServer('conversations');
  server = demo.server;
  families = demo.families;
});

test.afterAll(async () => {
  await demo?.stop();
});

/** From the family page, as the agency would: View on the channel's row. */
async function openChannel(page: Page, family: DemoFamily, channel = 'Channel 1') {
  await page.goto(`${server.url}/manage-families/${families[family]}/details`);
  await page.getByRole('link', { name: `View ${channel}` }).click();
  await expect(page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
  return page.getByRole('log', { name: 'Messages' });
}

test('opens a seeded conversation with a reported message and a picture; a reload keeps the breadcrumb', async ({
  page,
}) => {
  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  const log = await openChannel(page, 'Robin Smith');
  const trail = page.getByLabel('Breadcrumb');
  await expect(trail.getByRole('link', { name: 'Robin' })).toBeVisible();
  await expect(trail.getByRole('link', { name: 'Channel 1' })).toBeVisible();
  await expect(trail.getByText('Conversation History')).toHaveAttribute('aria-current', 'page');
  // It opens at the newest message: Robin's birthday, with its picture.
  await expect(log.getByRole('img', { name: 'Birthday cake' })).toBeVisible();
  await expect(log.getByText('Thank you both.')).toBeVisible();
  // The reported message is further up: page up with the keyboard until it shows.
  await log.focus();
  const reported = log.getByText('This content has been reported by: Pat Smith');
  await expect(async () => {
    await page.keyboard.press('PageUp');
    await expect(reported).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await expect(log.getByText(/I want to come and get Robin back/)).toBeVisible();
  await page.keyboard.press('Home');
  await expect(log.getByText('Start of the conversation')).toBeVisible();
  await expect(log.getByRole('img', { name: 'lake.png' })).toBeVisible();

  await page.reload();
  await expect(trail.getByRole('link', { name: 'Robin' })).toBeVisible();
  await expect(trail.getByRole('link', { name: 'Channel 1' })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Thank you both.')).toBeVisible();
});

test('the log fills the window below the search, whatever wraps above it: the page itself does not scroll', async ({
  page,
}) => {
  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  const log = await openChannel(page, 'Robin Smith');
  await expect(log.getByText('Thank you both.')).toBeVisible();
  const heading = page.getByRole('heading', { name: 'Conversation History' });
  // Wide, laptop, and narrower: there the breadcrumb and the members line take two lines each.
  for (const [width, height] of [
    [1920, 1080],
    [1280, 720],
    [1000, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectFilled(height);
    await expect(heading).toBeInViewport();
    await expect(log.getByText('Thank you both.')).toBeInViewport();
  }
  // Something above that grows, then shrinks back, after the page settled (a line that wraps, then
  // unwraps): the page's own height stays the window's, yet the box follows both ways.
  for (const tall of ['120px', '']) {
    await heading.evaluate((element, value) => {
      (element as HTMLElement).style.height = value;
    }, tall);
    await expectFilled(800);
  }

  async function expectFilled(height: number) {
    await expect
      .poll(async () => {
        const box = await log.boundingBox();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollHeight - window.innerHeight,
        );
        return { overflow, gapBelow: height - Math.round(box!.y + box!.height) };
      })
      .toEqual({ overflow: 0, gapBelow: 32 });
  }
});

test('a reload opens at the newest message, at the very bottom of the log, every time', async ({ page }) => {
  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  const log = await openChannel(page, 'Robin Smith');
  await expect(log.getByText('Thank you both.')).toBeInViewport();
  // The box takes its height once the lines above it have loaded, while the opening scroll is still
  // measuring the messages: a scroll written behind the virtualizer's back then stopped that scroll
  // half-way, about one reload in two on a busy machine. A few reloads, each to the end.
  for (let reload = 0; reload < 4; reload++) {
    await page.reload();
    await expect(log.getByText('Thank you both.')).toBeInViewport();
    await expect
      .poll(() => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight))
      .toBeLessThanOrEqual(1);
  }
});

test('pages back through a channel of 10 000 messages, keeping only a window of them in the page', async ({
  page,
}) => {
  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  const log = await openChannel(page, 'Noah Garcia');
  await expect(log.getByText(/\(#10000\)/)).toBeVisible();
  const start = log.getByText('Start of the conversation');
  await expect(async () => {
    // Each time the reader reaches the top (as dragging the scroll bar does), the next older page of
    // 100 loads above, without moving what they are reading.
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(start).toBeVisible({ timeout: 150 });
  }).toPass({ timeout: 200_000, intervals: [0] });
  // The last page arrived above what was being read: one more scroll to the top shows the first message.
  await expect(async () => {
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(log.getByText(/\(#1\)$/)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(start).toBeVisible();
  const rendered = await log.locator('[data-message-id]').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(100);
});

test("disables and enables the channel after 'Do you really want to change the status of the current channel?'", async ({
  page,
}) => {
  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  await openChannel(page, 'Robin Smith');
  const status = page.getByRole('switch', { name: 'Channel status' });
  await expect(status).toBeChecked();
  await status.click({ force: true });
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Do you really want to change the status of the current channel?'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Updated the status of the current!')).toBeVisible();
  await expect(status).not.toBeChecked();

  // The family page shows it too.
  await page.goto(`${server.url}/manage-families/${families['Robin Smith']}/details`);
  await expect(page.getByRole('switch', { name: 'Status of Channel 1' })).not.toBeChecked();

  await openChannel(page, 'Robin Smith');
  await page.getByRole('switch', { name: 'Channel status' }).click({ force: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('switch', { name: 'Channel status' })).toBeChecked();
});

test('exports the conversation: the e-mailed PDF’s SHA-256 is the one the verify call recognises', async ({
  page,
}) => {
  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  await openChannel(page, 'Robin Smith');
  const email = `records-${randomUUID().slice(0, 8)}@e2e.local`;
  await page.getByRole('button', { name: 'EXPORT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export conversation' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Email field is wrong', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Re-type email field is wrong')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
  await dialog.getByRole('textbox', { name: /^Re-type email/ }).fill(email);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You will receive an email message soon!')).toBeVisible();

  const mail = await waitForMail(email, /Conversation export: Robin Smith, Channel 1/);
  expect(mail.attachments).toHaveLength(1);
  const pdf = Buffer.from(mail.attachments[0]!.base64, 'base64');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  expect(mail.text).toContain(sha256);
  await expect
    .poll(async () => (await (await fetch(`${server.url}/api/exports/verify/${sha256}`)).json()).issued)
    .toBe(true);
  const verified = await (await fetch(`${server.url}/api/exports/verify/${sha256}`)).json();
  expect(verified).toMatchObject({ issued: true, sha256, channelLabel: 'Channel 1' });
  expect(verified.messageCount).toBeGreaterThan(20);
  const other = await (await fetch(`${server.url}/api/exports/verify/${'0'.repeat(64)}`)).json();
  expect(other.issued).toBe(false);

  // The e-mail's link opens the check page as a clerk would, with no session: a transcript with this
  // fingerprint was issued, for which channel — but no file is verified until one is chosen.
  expect(mail.text).toContain(`/verify/${sha256}`);
  const clerk = await page.context().browser()!.newPage();
  await clerk.goto(`${server.url}/verify/${sha256}`);
  const result = clerk.getByTestId('verify-result');
  await expect(result).toContainText(
    'A transcript with this fingerprint was issued by the Bridge Talk portal.',
  );
  await expect(result).toContainText(
    'Choose the PDF file you were given to check that it is this transcript.',
  );
  await expect(result.getByRole('row', { name: /^Channel/ })).toContainText('Channel 1');
  await expect(clerk.getByText('This file was issued by the Bridge Talk portal.')).toHaveCount(0);

  // A forged PDF beside the genuine link is refused; the e-mailed PDF itself turns the check green.
  const fileInput = clerk.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'forged.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7 forged'),
  });
  await expect(clerk.getByTestId('verify-file')).toContainText(
    'This file is not the transcript with this fingerprint: its content is different from the file the portal issued.',
  );
  await expect(clerk.getByText('This file was issued by the Bridge Talk portal.')).toHaveCount(0);
  await fileInput.setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(result).toContainText('This file was issued by the Bridge Talk portal.');
  await expect(clerk.getByTestId('verify-file')).toHaveCount(0);
  await clerk.close();

  // Closing the message reloads the page.
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Thank you both.')).toBeVisible();
});

test('a member’s <img onerror> or <script> never runs in the conversation history', async ({ page }) => {
  // The birth mother signs in to the member chat API with an e-mailed code and posts.
  const askedAt = Date.now();
  const asked = await fetch(`${server.url}/api/chat/sessions/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BIRTH_MOTHER }),
  });
  const { state } = await asked.json();
  const mail = await waitForMail(BIRTH_MOTHER, /chat code/, { after: askedAt });
  const session = await fetch(`${server.url}/api/chat/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BIRTH_MOTHER, code: codeIn(mail.text), state }),
  });
  const { token } = await session.json();
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { channels } = await (await fetch(`${server.url}/api/chat/channels`, { headers: auth })).json();
  const posted = await fetch(`${server.url}/api/chat/channels/${channels[0].id}/messages`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      html: '<p>Checking in from the member API</p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script><a href="javascript:window.__pwned=3">link</a>',
    }),
  });
  expect(posted.status).toBe(201);

  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  const log = await openChannel(page, 'Robin Smith');
  const message = log.locator('[data-message-id]').filter({ hasText: 'Checking in from the member API' });
  await expect(message).toBeVisible();
  await message.getByText('link').click();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  const html = await message.getByTestId('message-html').innerHTML();
  expect(html).not.toContain('onerror');
  expect(html).not.toContain('<script');
  expect(html).not.toContain('javascript:');
});

test('a picture opens full size on the page: zoom, previous and next among the loaded pictures, Esc gives the focus back', async ({
  page,
}) => {
  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  const log = await openChannel(page, 'Robin Smith');
  const opener = log.getByRole('link', { name: 'Open the full-size picture: Birthday cake' });
  await expect(opener).toBeVisible();
  const pagesBefore = page.context().pages().length;
  await opener.click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img', { name: 'Birthday cake' })).toBeVisible();
  // Not a new tab: the picture is on the conversation's page.
  expect(page.context().pages()).toHaveLength(pagesBefore);
  const position = viewer.getByText(/^Picture \d+ of \d+$/);
  const [, shown, of] = /^Picture (\d+) of (\d+)$/.exec((await position.textContent()) ?? '')!;
  expect(shown).toBe(of);
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('150 %')).toBeVisible();
  const zoomed = await viewer.getByRole('img', { name: 'Birthday cake' }).boundingBox();
  await page.keyboard.press('0');
  await expect(viewer.getByText('100 %')).toBeVisible();
  expect((await viewer.getByRole('img', { name: 'Birthday cake' }).boundingBox())!.width).toBeLessThan(
    zoomed!.width,
  );
  if (Number(of) > 1) {
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText(`Picture ${Number(of) - 1} of ${of}`);
    await expect(viewer.getByRole('img', { name: 'Birthday cake' })).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();

  // On a phone the viewer fills the screen and nothing in it spills sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByRole('img', { name: 'Birthday cake' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close the picture' })).toBeInViewport();
  await expect(viewer.getByRole('button', { name: 'Next picture' })).toBeInViewport();
  const spill = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(spill).toBeLessThanOrEqual(0);
  const image = (await viewer.getByRole('img', { name: 'Birthday cake' }).boundingBox())!;
  expect(image.x).toBeGreaterThanOrEqual(0);
  expect(image.x + image.width).toBeLessThanOrEqual(390);
  await viewer.getByRole('button', { name: 'Close the picture' }).click();
  await expect(opener).toBeFocused();
});

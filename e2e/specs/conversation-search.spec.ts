// Search in a conversation and the conversation opened at one message, on a private server filled by
// `npm run seed:demo`: a word of an old message of the 10 000-message channel is found, its hit opens
// the conversation there with the message highlighted, a reload keeps it, newer pages load below it,
// and the latest messages are one press away.

import { DEMO_AGENCY, type DemoServer, startDemoServer } from '../support/demo-server.js';
import { expect, test } from '../support/fixtures.js';
import type { ServerProcess } from '../support/server-process.js';
import { signIn } from '../support/sign-in.js';

const AGENCY = DEMO_AGENCY;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let demo: DemoServer;
let server: ServerProcess;
let noahGarcia = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  demo = await startDemoServer('search');
  server = demo.server;
  noahGarcia = demo.families['Noah Garcia'];
});

test.afterAll(async () => {
  await demo?.stop();
});

test('finds an old message of a 10 000-message channel, opens the conversation at it, keeps it on reload, loads newer', async ({
  page,
}) => {
  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  await page.goto(`${server.url}/manage-families/${noahGarcia}/details`);
  await page.getByRole('link', { name: 'View Channel 1' }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(/\(#10000\)/)).toBeVisible();

  // Message #42 of 10 000 talks about the library, as every tenth one does: both words find it alone.
  const box = page.getByRole('textbox', { name: 'Search this conversation' });
  await box.fill('library 42');
  await box.press('Enter');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(page.getByText('1 message matches')).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText('library');
  const hit = results.getByRole('button', { name: /^Show in the conversation: Message from / });
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText('We went to the library today and picked out three new books. (#42)');
  await hit.click();

  await expect(page).toHaveURL(/\/channel\/[0-9a-f-]{36}\?message=[0-9a-f-]{36}$/);
  const highlighted = log.locator('[aria-current="true"]');
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toContainText('(#42)');
  await expect(highlighted).toContainText('The message you opened');
  await expect(highlighted).toBeInViewport();

  await page.reload();
  await expect(page).toHaveURL(/\?message=[0-9a-f-]{36}$/);
  const again = page.getByRole('log', { name: 'Messages' }).locator('[aria-current="true"]');
  await expect(again).toContainText('(#42)');
  await expect(again).toBeInViewport();

  // The window holds the messages up to #92, with 'Load newer messages' below them; newer pages load
  // as the reader reaches the bottom (as dragging the scroll bar does), and only a window of the
  // messages is ever in the page.
  const reloaded = page.getByRole('log', { name: 'Messages' });
  await expect(reloaded.getByRole('button', { name: 'Load newer messages' })).toBeAttached();
  const newestRendered = () =>
    reloaded
      .locator('[data-message-id]')
      .evaluateAll((rows) =>
        Math.max(...rows.map((r) => Number(/\(#(\d+)\)/.exec(r.textContent ?? '')?.[1] ?? 0))),
      );
  expect(await newestRendered()).toBeLessThanOrEqual(92);
  await expect(async () => {
    await reloaded.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    expect(await newestRendered()).toBeGreaterThan(92);
  }).toPass({ timeout: 30_000 });
  expect(await reloaded.locator('[data-message-id]').count()).toBeLessThan(100);
  await expect(page).toHaveURL(/\?message=[0-9a-f-]{36}$/);

  await page.getByRole('button', { name: 'Go to the latest messages' }).click();
  await expect(page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(/\(#10000\)/)).toBeVisible();
  await expect(page.getByRole('log', { name: 'Messages' }).locator('[aria-current="true"]')).toHaveCount(0);
});

test('in the 10 000-message channel: how many match, the first message, a date, and the day kept in sight', async ({
  page,
}) => {
  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  await page.goto(`${server.url}/manage-families/${noahGarcia}/details`);
  await page.getByRole('link', { name: 'View Channel 1' }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(/\(#10000\)/)).toBeVisible();

  // The count is the channel's, not the page's: far more than the 20 hits listed.
  const box = page.getByRole('textbox', { name: 'Search this conversation' });
  await box.fill('library');
  await box.press('Enter');
  const count = page.getByText(/^\d+ messages match$/);
  await expect(count).toBeVisible();
  expect(Number(/^(\d+)/.exec((await count.textContent()) ?? '')![1])).toBeGreaterThan(100);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.locator('mark').first()).toHaveText(/^library$/i);

  // The hits put away, the conversation has the room below the search.
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await page.getByRole('button', { name: 'First message' }).click();
  await expect(page).toHaveURL(/\?message=[0-9a-f-]{36}$/);
  const highlighted = log.locator('[aria-current="true"]');
  await expect(highlighted).toContainText('(#1)');
  await expect(log.getByText('Start of the conversation')).toBeVisible();

  await page.getByLabel('Go to a date').fill('2024-06-01');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  // The first message of that day starts the day: its divider is part of it.
  await expect(highlighted).toContainText('06.01.2024');
  await expect(highlighted).toBeInViewport();
  // Above it, the day of the messages at the top of the box stays in sight while scrolling.
  const day = log.getByTestId('viewer-day');
  await expect(day).toHaveText(/^(05\.31|06\.01)\.2024$/);
  await log.evaluate((element) => {
    element.scrollTop -= 3000;
  });
  await expect(day).toHaveText(/^05\.\d\d\.2024$/);
  await expect(day).toBeInViewport();

  await page.getByLabel('Go to a date').fill('2030-01-01');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByText('No message on or after this date.')).toBeVisible();
});

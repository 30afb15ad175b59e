// The families' app when the connection or the server goes away: the server restarts mid-conversation
// while the phone is also without a connection, another member writes meanwhile, and the open
// conversation shows that message once both are back, without a reload. Then the app opens with no
// connection and no server at all: its shell comes from the service worker and says it is offline,
// and 'Try again' brings the conversation back once they are.
import type { APIRequestContext, Page } from '@playwright/test';
import { codeIn } from '../support/accounts.js';
import { type DemoServer, startDemoServer } from '../support/demo-server.js';
import { expect, test, waitForMail } from '../support/fixtures.js';

const PHONE = { width: 390, height: 844 };
const BEATRICE = 'beatrice.lane@demo.bridgetalk.local';
const PAT = 'pat.smith@demo.bridgetalk.local';

let demo: DemoServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  demo = await startDemoServer('reconnect');
});
test.afterAll(async () => {
  await demo?.stop();
});

/** A member token through the member API, as any client of it signs in. */
async function memberToken(request: APIRequestContext, email: string): Promise<string> {
  const after = Date.now();
  const asked = await request.post(`${demo.server.url}/api/chat/sessions/code`, { data: { email } });
  expect(asked.status()).toBe(200);
  const mail = await waitForMail(email, /chat code/, { after });
  const session = await request.post(`${demo.server.url}/api/chat/sessions`, {
    data: { email, code: codeIn(mail.text), state: (await asked.json()).state },
  });
  expect(session.status()).toBe(200);
  return (await session.json()).token;
}

async function signInOnPhone(page: Page, email: string) {
  const after = Date.now();
  await page.goto(`${demo.server.url}/family/sign-in?email=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const mail = await waitForMail(email, /chat code/, { after });
  await page.getByRole('textbox', { name: 'Code' }).fill(codeIn(mail.text));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your conversations' })).toBeVisible();
}

test('a server restart and a lost connection mid-conversation; the shell opens offline', async ({
  browser,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The page opened with no connection asks for its session, and cannot have it.
  consoleErrors.expect(/ERR_INTERNET_DISCONNECTED \(.*\/api\/chat\/sessions\/refresh\)/);
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const page = await context.newPage();
  await signInOnPhone(page, BEATRICE);
  await page
    .getByRole('link', { name: /^With .*Pat Smith/ })
    .first()
    .click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('article').first()).toBeVisible();
  const conversation = new URL(page.url()).pathname;
  const channelId = conversation.split('/').at(-1)!;
  // The service worker has taken the page: its shell is kept.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);

  // Pat will write while Beatrice's phone is away.
  const pat = await memberToken(request, PAT);

  // The server stops mid-conversation: the app says it is reconnecting.
  await demo.halt();
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  // The phone loses its connection too, and says so.
  await context.setOffline(true);
  await expect(
    page.getByText('You are offline. New messages will appear when the connection is back.'),
  ).toBeVisible();

  // The server is back; Pat writes while the phone is still away.
  await demo.start();
  const words = `Written while you were away ${Date.now()}`;
  const posted = await request.post(`${demo.server.url}/api/chat/channels/${channelId}/messages`, {
    headers: { authorization: `Bearer ${pat}` },
    data: { html: `<p>${words}</p>` },
  });
  expect(posted.status()).toBe(201);
  await expect(log.getByText(words)).toHaveCount(0);

  // The connection is back: the app reconnects on its own and shows what was written meanwhile.
  await context.setOffline(false);
  await expect(log.getByRole('article', { name: 'Pat Smith' }).filter({ hasText: words })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('status').filter({ hasText: /Reconnecting|offline/ })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(conversation);

  // No connection and no server: the page still opens, from the service worker's shell, and says why
  // there is nothing to show.
  await context.setOffline(true);
  await demo.halt();
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByText('Bridge Talk', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'You are offline. New messages will appear when the connection is back.',
    }),
  ).toBeVisible();

  // Both back: 'Try again' restores the session from the device's cookie and the conversation.
  await demo.start();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(log.getByText(words)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(conversation);
  await context.close();
});

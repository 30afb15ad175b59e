// The caseworker's desk, on a private server filled by `npm run seed:demo`: a family member reports an
// old message of the 10 000-message channel through the member API; the agency's sign-in address gets
// the alert (family, channel and a link, never the message); the caseworker opens the report from
// 'Reported messages', lands on the message highlighted, marks it reviewed with a note; the family's '!'
// goes away and the family's activity shows the opening and the review.
import { codeIn } from '../support/accounts.js';
import { DEMO_AGENCY, type DemoServer, startDemoServer } from '../support/demo-server.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import type { ServerProcess } from '../support/server-process.js';
import { signIn } from '../support/sign-in.js';

const AGENCY = DEMO_AGENCY;
/** The birth mother of the Garcias, whose channel holds 10 000 messages. */
const MEMBER = 'tessa.hill@demo.bridgetalk.local';
const REOPEN_REASON = 'The birth mother wrote again the next day.';
const NOTE = 'Called Tessa: she was quoting an old letter. Agreed to talk at the next visit.';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let demo: DemoServer;
let server: ServerProcess;
let garciaId = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  demo = await startDemoServer('reports');
  server = demo.server;
  garciaId = demo.families['Noah Garcia'];
});

test.afterAll(async () => {
  await demo?.stop();
});

/** The member signs in to the member chat API with the e-mailed code, as the family app does. */
async function memberHeaders(email: string): Promise<Record<string, string>> {
  const askedAt = Date.now();
  const asked = await fetch(`${server.url}/api/chat/sessions/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const { state } = await asked.json();
  const mail = await waitForMail(email, /chat code/, { after: askedAt });
  const session = await fetch(`${server.url}/api/chat/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code: codeIn(mail.text), state }),
  });
  const { token } = await session.json();
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

/** The id of message '(#n)' of the Garcias' channel, found as the caseworker's screen pages back. */
async function messageNumbered(channelId: string, n: number): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: AGENCY.email, password: AGENCY.password, role: 'entity' }),
  });
  const { accessToken } = await login.json();
  let before = '';
  for (let pageNumber = 0; pageNumber < 60; pageNumber++) {
    const url = `${server.url}/api/group/channel/list/${garciaId}?channelId=${channelId}&limit=200${before ? `&before=${encodeURIComponent(before)}` : ''}&refresh=true`;
    const answer = await (await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } })).json();
    const found = (answer.messages as { id: string; html: string }[]).find((m) =>
      m.html.includes(`(#${n})<`),
    );
    if (found) return found.id;
    if (!answer.nextCursor) break;
    before = answer.nextCursor;
  }
  throw new Error(`message #${n} not found`);
}

test('a report reaches the inbox and the queue, opens at the message, and a review takes the ‘!’ away', async ({
  page,
}) => {
  const member = await memberHeaders(MEMBER);
  const { channels } = await (await fetch(`${server.url}/api/chat/channels`, { headers: member })).json();
  const channelId = channels[0].id as string;
  const messageId = await messageNumbered(channelId, 2500);
  const reportedAt = Date.now();
  const reported = await fetch(`${server.url}/api/chat/messages/${messageId}/flags`, {
    method: 'POST',
    headers: member,
    body: JSON.stringify({ reason: 'Upsetting' }),
  });
  expect(reported.status).toBe(200);

  // Within the job's run, the agency's sign-in address hears of it: family, channel, link — no message.
  const alert = await waitForMail(AGENCY.email, /^A message was reported in the family Noah Garcia$/, {
    after: reportedAt,
  });
  const link = `/manage-families/${garciaId}/channel/${channelId}?message=${messageId}`;
  expect(alert.text).toContain('Noah Garcia, Channel 1');
  expect(alert.text).toContain(link);
  expect(alert.text).not.toContain('#2500');
  expect(alert.text).not.toContain('Upsetting');

  await signIn(page, 'entity', AGENCY.email, AGENCY.password, { origin: server.url });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByLabel(/open reports?$/)).toBeVisible();
  await menu.getByRole('link', { name: /Reported messages/ }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.getByRole('radiogroup', { name: 'State' }).getByText('Open', { exact: true }).click();
  await expect(page).toHaveURL(/\?state=open$/);
  const row = page.getByRole('row').filter({ hasText: 'Noah Garcia' }).filter({ hasText: 'Tessa Hill' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Channel 1');
  await expect(row).toContainText('Reason: Upsetting');

  // Opening it lands on the message, 7 500 messages back, highlighted — and a reload keeps it there.
  await row.getByRole('link', { name: /^Open in the conversation: / }).click();
  await expect(page).toHaveURL(`${server.url}${link}`);
  const log = page.getByRole('log', { name: 'Messages' });
  const target = log.locator(`[data-message-id="${messageId}"]`);
  await expect(target).toBeVisible();
  await expect(target).toContainText('(#2500)');
  await expect(target).toHaveAttribute('aria-current', 'true');
  await expect(target).toContainText('The message you opened');
  await page.reload();
  await expect(log.locator(`[data-message-id="${messageId}"]`)).toBeVisible();

  // Back to the queue as it was left (open reports), and marked as reviewed with what was done.
  await page.getByRole('link', { name: 'Back to the reported messages' }).click();
  await expect(page).toHaveURL(/\/reports\?state=open$/);
  await row.getByRole('button', { name: 'Mark as reviewed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark the report as reviewed' });
  await dialog.getByRole('button', { name: 'Mark as reviewed' }).click();
  await expect(dialog.getByText('Write what was done before marking the report as reviewed.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'What was done' }).fill(NOTE);
  await dialog.getByRole('button', { name: 'Mark as reviewed' }).click();
  await expect(page.getByText('The report is marked as reviewed.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'State' }).getByText('Reviewed', { exact: true }).click();
  await expect(row).toContainText(NOTE);

  // The family's '!' counted only this report: it is gone from the list and from the channel.
  await page.goto(`${server.url}/manage-families?search=Noah`);
  const family = page.getByRole('row').filter({ hasText: 'Noah Garcia' });
  await expect(family).toBeVisible();
  await expect(family.getByLabel('Reported messages')).toHaveCount(0);

  // The family's activity shows the opening of the conversation and the review, with the note.
  await page.goto(`${server.url}/manage-families/${garciaId}/details`);
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage-families/${garciaId}/activity$`));
  const activity = page.getByRole('table', { name: 'Activity of the family' });
  const review = activity.getByRole('row').filter({ hasText: 'Marked a reported message as reviewed.' });
  await expect(review).toHaveCount(1);
  await expect(review).toContainText(NOTE);
  await expect(review).toContainText('Erin Walsh (demo.agency@bridgetalk.local)');
  await expect(
    activity.getByRole('row').filter({ hasText: 'Opened the conversation.' }).first(),
  ).toBeVisible();

  // Reopened from the family's reviewed reports: the author is named, a reason is asked for and kept.
  await page.goto(`${server.url}/reports?state=reviewed&family=${garciaId}`);
  const reviewedRow = page.getByRole('row').filter({ hasText: NOTE });
  await expect(reviewedRow).toContainText(/Written by (Maria Garcia|Tessa Hill)/);
  await reviewedRow.getByRole('button', { name: 'Reopen' }).click();
  const reopen = page.getByRole('dialog', { name: 'Reopen' });
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  await expect(reopen.getByText('Write why the report is reopened.')).toBeVisible();
  await reopen.getByRole('textbox', { name: 'Why it is reopened' }).fill(REOPEN_REASON);
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByText('The report is open again.')).toBeVisible();
  // The family's reviewed list is empty now, and says it is this family's, with the way to all families.
  await expect(page.getByText('No reviewed reports in this family.')).toBeVisible();
  await page.getByRole('button', { name: 'Show all families' }).click();
  await expect(page).toHaveURL(/\/reports\?state=reviewed$/);

  await page.goto(`${server.url}/manage-families/${garciaId}/activity`);
  const reopened = page
    .getByRole('table', { name: 'Activity of the family' })
    .getByRole('row')
    .filter({ hasText: 'Reopened a reported message.' });
  await expect(reopened).toHaveCount(1);
  await expect(reopened).toContainText(`Reason: ${REOPEN_REASON}`);
  await expect(reopened).toContainText(`Review note: ${NOTE}`);
});

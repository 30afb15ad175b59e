// The families' app on a phone: the birth mother opens her invitation's link, signs in with the
// e-mailed code and writes in Spanish with a photo; the adoptive parent, signed in on a second phone,
// sees both within 2 seconds without reloading and reports the message; the caseworker's open
// conversation shows the message and the report live; the transcript holds the message.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { activeEntity, codeIn, uniqueEmail } from '../support/accounts.js';
import { expectAccessible } from '../support/axe.js';
import { familyThroughApi } from '../support/family-data.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { sharedServer } from '../support/shared-servers.js';
import { signIn } from '../support/sign-in.js';

const LAKE = fileURLToPath(new URL('../fixtures/lake.jpg', import.meta.url));
const PHONE = { width: 390, height: 844 };

/** A phone's browser in the person's language, signed in from the e-mail's link with the code. */
async function phoneSignedIn(browser: Browser, link: string, email: string, locale: string) {
  const context = await browser.newContext({ viewport: PHONE, locale, baseURL: sharedServer().baseUrl });
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(link);
  return { page, started, email };
}

async function enterCode(
  page: Page,
  email: string,
  after: number,
  labels: { send: string; code: string; enter: string },
) {
  await page.getByRole('button', { name: labels.send }).click();
  const mail = await waitForMail(email, /chat code/, { after });
  await page.getByRole('textbox', { name: labels.code }).fill(codeIn(mail.text));
  await page.getByRole('button', { name: labels.enter }).click();
}

test('a birth mother writes from her invitation; the family and the caseworker see it live', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const agency = await activeEntity(request);
  const { groupId, emails, token } = await familyThroughApi(request, agency, {
    child: 'Luna Vega',
    parent: 'Pat Vega',
    birth: 'Marisol Ruiz',
  });

  // The invitation leads to the families' app, the address filled in.
  const invitation = await waitForMail(emails.birth, /You are invited to Bridge Talk/);
  const link = /https?:\/\/\S+\/family\/sign-in\?email=\S+/.exec(invitation.text)?.[0];
  expect(link).toBeDefined();
  const inviteLink = new URL(link!);
  const birth = await phoneSignedIn(
    browser,
    `${inviteLink.pathname}${inviteLink.search}`,
    emails.birth,
    'es-ES',
  );
  await expect(birth.page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(birth.page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(emails.birth);
  await expectAccessible(birth.page, 'families’ app: signing in');
  await enterCode(birth.page, emails.birth, birth.started, {
    send: 'Enviarme un código',
    code: 'Código',
    enter: 'Entrar',
  });
  await expect(birth.page.getByRole('heading', { name: 'Sus conversaciones' })).toBeVisible();
  await expectAccessible(birth.page, 'families’ app: the home');
  await birth.page.getByRole('link', { name: /Con Pat Vega/ }).click();
  const birthLog = birth.page.getByRole('log', { name: 'Mensajes' });
  await expect(birthLog.getByText('Inicio de la conversación')).toBeVisible();

  // The adoptive parent on a second phone, in English.
  const parent = await phoneSignedIn(
    browser,
    `/family/sign-in?email=${encodeURIComponent(emails.parent)}`,
    emails.parent,
    'en-US',
  );
  await enterCode(parent.page, emails.parent, parent.started, {
    send: 'Send me a code',
    code: 'Code',
    enter: 'Sign in',
  });
  await parent.page.getByRole('link', { name: /With Marisol Ruiz/ }).click();
  const parentLog = parent.page.getByRole('log', { name: 'Messages' });
  await expect(parentLog.getByText('Start of the conversation')).toBeVisible();

  // The caseworker has the conversation open in the portal.
  const channels = await (
    await request.get(`/api/group/channel/list/${groupId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const channelId: string = channels.channels[0].id;
  await signIn(page, 'entity', agency.email, agency.password);
  await page.goto(`/manage-families/${groupId}/channel/${channelId}`);
  await expect(page.getByText('No messages in this channel yet.')).toBeVisible();
  const desk = page.getByRole('log', { name: 'Messages' });

  // A photo and a message in Spanish.
  const words = '¡Hola a todos! Les mando una foto del lago. Pienso en Luna cada día.';
  await birth.page.locator('input[type="file"]').setInputFiles(LAKE);
  await expect(birth.page.getByText('lake.jpg')).toBeVisible();
  // The photo's upload is held, as on a slow connection, while the message still being sent is scanned:
  // it must read as well as a sent one.
  let releaseUpload = () => {};
  const uploadHeld = new Promise<void>((resolve) => {
    void birth.page.route('**/api/chat/channels/*/files', async (route) => {
      releaseUpload = () => void route.continue();
      resolve();
    });
  });
  await birth.page.getByRole('button', { name: 'Enviar' }).click();
  await uploadHeld;
  await expect(birthLog.getByRole('status').filter({ hasText: /^(Enviando…|Subiendo \d+ %)/ })).toBeVisible();
  await expectAccessible(birth.page, 'families’ app: a message being sent');
  releaseUpload();
  // Only that upload is held: any later one goes straight through.
  await birth.page.unroute('**/api/chat/channels/*/files');
  await birth.page.getByRole('textbox', { name: 'Escriba un mensaje' }).fill(words);
  await birth.page.getByRole('button', { name: 'Enviar' }).click();
  await expect(birthLog.getByText(words)).toBeVisible();
  await expectAccessible(birth.page, 'families’ app: a conversation');

  // The other phone, never reloaded: both within 2 s.
  await expect(parentLog.getByRole('img')).toBeVisible({ timeout: 2000 });
  await expect(parentLog.getByText(words)).toBeVisible({ timeout: 2000 });
  const message = parentLog.getByRole('article', { name: 'Marisol Ruiz' }).filter({ hasText: words });
  await message.getByRole('button', { name: 'Report' }).click();
  const dialog = parent.page.getByRole('dialog', { name: 'Report this message' });
  await expectAccessible(parent.page, 'families’ app: reporting a message');
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Please talk with us first');
  await dialog.getByRole('button', { name: 'Report the message' }).click();
  await expect(message.getByText('You reported this message.')).toBeVisible();

  // The caseworker's open conversation: the message and its report, without a reload.
  const shown = desk.locator('[data-message-id]').filter({ hasText: words });
  await expect(shown).toBeVisible({ timeout: 5000 });
  await expect(shown.getByText('This content has been reported by: Pat Vega')).toBeVisible({ timeout: 5000 });

  // The transcript the agency exports holds the message as written.
  const records = uniqueEmail('records');
  const asked = await request.post(`/api/group/channels/export/request/${channelId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email: records },
  });
  expect(asked.ok()).toBe(true);
  const mail = await waitForMail(records, /Conversation export/);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bt-family-pdf-'));
  const pdf = path.join(dir, 'transcript.pdf');
  writeFileSync(pdf, Buffer.from(mail.attachments[0]!.base64, 'base64'));
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('¡Hola a todos! Les mando una foto del lago.');

  // The birth mother's notifications, in her language; the server now writes her e-mails in Spanish.
  await birth.page.getByRole('link', { name: 'Avisos' }).click();
  await expect(birth.page.getByRole('heading', { name: 'Avisos' })).toBeVisible();
  const unreadMails = birth.page.getByRole('checkbox', {
    name: 'Enviarme un correo sobre los mensajes que no he leído',
  });
  await expect(unreadMails).toBeChecked();
  await expectAccessible(birth.page, 'families’ app: notifications');
  await unreadMails.click();
  await expect(birth.page.getByRole('status').filter({ hasText: 'Guardado.' })).toBeVisible();
  await expect(unreadMails).not.toBeChecked();
  await birth.page.reload();
  await expect(unreadMails).not.toBeChecked();
  await birth.page.context().close();
  await parent.page.context().close();
});

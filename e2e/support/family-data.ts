// A family with data on every screen, made through the API as the agency and its members would make it:
// a monthly subscription paid by the local card, a child, an adoptive parent and a birth family member,
// the channel the birth family member shares with the family, and messages in it (one of them reported).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER } from '@bridge-talk/contract/test-data';
import type { APIRequestContext } from '@playwright/test';
import { codeIn, uniqueEmail } from './accounts.js';
import { waitForMail } from './fixtures.js';

export interface FamilyNames {
  child: string;
  parent: string;
  birth: string;
}

export interface FamilyData {
  groupId: string;
  channelId: string;
  emails: { parent: string; birth: string };
}

/** A message with a picture: uploaded to the channel first (multipart), then attached by its id. */
export interface PictureMessage {
  html: string;
  picture: { path: string; title: string };
}

async function post(request: APIRequestContext, url: string, data: object, token?: string) {
  const response = await request.post(url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A member's token for the members' chat API: the code arrives by e-mail. */
async function memberToken(request: APIRequestContext, email: string): Promise<string> {
  const { state } = await post(request, '/api/chat/sessions/code', { email });
  const mail = await waitForMail(email, /chat code/);
  return (await post(request, '/api/chat/sessions', { email, code: codeIn(mail.text), state })).token;
}

/** The member's upload of a picture file, then the message that attaches it. */
async function uploadPicture(
  request: APIRequestContext,
  channelId: string,
  token: string,
  message: PictureMessage,
) {
  const response = await request.post(`/api/chat/channels/${channelId}/files`, {
    multipart: {
      file: {
        name: path.basename(message.picture.path),
        mimeType: 'image/jpeg',
        buffer: await readFile(message.picture.path),
      },
    },
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status() !== 201) throw new Error(`upload: ${response.status()} ${await response.text()}`);
  const file = await response.json();
  return { html: message.html, attachments: [{ fileId: file.id, title: message.picture.title }] };
}

/**
 * A monthly family of the agency with its child, an adoptive parent and a birth family member (and
 * their channel), made through the API; answers its id, the two adults' e-mails and the agency's token.
 */
export async function familyThroughApi(
  request: APIRequestContext,
  agency: { email: string; password: string },
  names: FamilyNames,
) {
  const login = await post(request, '/api/auth/login', {
    email: agency.email,
    password: agency.password,
    role: 'entity',
  });
  const token: string = login.accessToken;
  const card = await post(
    request,
    '/api/payments/local/tokens',
    {
      number: TEST_CARDS.paid.digits,
      expMonth: TEST_CARD_DETAILS.expMonth,
      expYear: TEST_CARD_DETAILS.expYear,
      cvc: TEST_CARD_DETAILS.cvc,
    },
    token,
  );
  const saved = await post(
    request,
    '/api/group/billing/save',
    { ...TEST_PAYER, email: uniqueEmail('payer'), ...card },
    token,
  );
  const groupId: string = saved._id;
  const plans = await (
    await request.get('/api/group/billing/plans/list', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const monthly = plans.plans.find((p: { nickname: string }) => p.nickname === 'Monthly');
  await post(
    request,
    '/api/group/billing/assignSubscription',
    { groupId, priceId: monthly.id, coupons: [], name: names.child },
    token,
  );
  const emails = { parent: uniqueEmail('parent'), birth: uniqueEmail('birth') };
  const child = await post(
    request,
    '/api/group/user/create',
    { groupId, name: names.child, email: null, subtype: 'child' },
    token,
  );
  const parent = await post(
    request,
    '/api/group/user/create',
    { groupId, name: names.parent, email: emails.parent, subtype: 'adoptive_parent' },
    token,
  );
  const birth = await post(
    request,
    '/api/group/user/create',
    { groupId, name: names.birth, email: emails.birth, subtype: 'birth_family' },
    token,
  );
  await post(
    request,
    '/api/group/user/sync',
    {
      groupId,
      results: [
        { userId: child._id, userType: 'child' },
        { userId: parent._id, userType: 'adoptive_parent' },
        { userId: birth._id, userType: 'birth_family' },
      ],
    },
    token,
  );
  return { groupId, emails, token };
}

export async function familyWithConversation(
  request: APIRequestContext,
  agency: { email: string; password: string },
  names: FamilyNames,
  messages: { birth: (string | PictureMessage)[]; parent: string },
): Promise<FamilyData> {
  const { groupId, emails } = await familyThroughApi(request, agency, names);
  const birthToken = await memberToken(request, emails.birth);
  const { channels } = await (
    await request.get('/api/chat/channels', { headers: { authorization: `Bearer ${birthToken}` } })
  ).json();
  const channelId: string = channels[0].id;
  const posted: string[] = [];
  for (const message of messages.birth) {
    const body =
      typeof message === 'string'
        ? { html: message }
        : await uploadPicture(request, channelId, birthToken, message);
    posted.push((await post(request, `/api/chat/channels/${channelId}/messages`, body, birthToken)).id);
  }
  const parentToken = await memberToken(request, emails.parent);
  await post(request, `/api/chat/channels/${channelId}/messages`, { html: messages.parent }, parentToken);
  if (posted[0]) {
    await post(request, `/api/chat/messages/${posted[0]}/flags`, { reason: null }, parentToken);
  }
  return { groupId, channelId, emails };
}

// A family member's sign-in to the member chat API, as the family app does it: ask for a code, read it
// from the e-mail, exchange it for a member token. The token is remembered as a secret, so a test
// fails if it ever reaches the log.
import { endpoints } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { familyMembers } from '../src/db/schema-families.js';
import { randomToken, sha256 } from '../src/lib/secrets.js';
import { createMemberSession } from '../src/modules/chat/member-sessions.repository.js';
import { signMemberToken } from '../src/modules/chat/member-tokens.js';
import { call, callLoose } from './api-client.js';
import { multipartBody } from './multipart.js';
import { rememberSecret } from './secret-scan.js';
import { codeIn, type SmtpCapture, waitForMessage } from './smtp-capture.js';

/** The `Authorization` header of a member who signed in with the e-mailed code. */
export async function memberAuthorization(
  app: FastifyInstance,
  smtp: SmtpCapture,
  email: string,
): Promise<string> {
  const asked = await call(app, endpoints.chat.code, { body: { email } });
  expect(asked.statusCode).toBe(200);
  const mail = await waitForMessage(smtp, email, /chat code/);
  const session = await call(app, endpoints.chat.sessions, {
    body: { email, code: codeIn(mail.text), state: asked.json().state },
  });
  expect(session.statusCode).toBe(200);
  rememberSecret(session.json().token);
  return `Bearer ${session.json().token}`;
}

/** A member token signed directly for a new session of this member's, as the code exchange would issue it. */
export async function signedMemberAuthorization(app: FastifyInstance, memberId: string): Promise<string> {
  const [person] = await app.ctx.db
    .select({ email: familyMembers.email })
    .from(familyMembers)
    .where(eq(familyMembers.id, memberId));
  const email = person?.email ?? '';
  const sessionId = await createMemberSession(app.ctx.db, {
    memberId,
    email,
    tokenHash: sha256(randomToken()),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const token = await signMemberToken(app.ctx.tokenKey, { id: memberId, email }, sessionId);
  rememberSecret(token);
  return `Bearer ${token}`;
}

/** The member uploads a small picture and posts it with a line of text, as the family app does. */
export async function postPictureAsMember(
  app: FastifyInstance,
  authorization: string,
  channelId: string,
): Promise<void> {
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#4a90d9' } })
    .png()
    .toBuffer();
  const upload = multipartBody([{ bytes: png, fileName: 'lake.png', contentType: 'image/png' }]);
  const file = await callLoose(app, endpoints.chat.files, {
    params: { channelId },
    body: upload.payload,
    auth: authorization,
    headers: { ...upload.headers },
  });
  expect(file.statusCode).toBe(201);
  const posted = await call(app, endpoints.chat.messages, {
    params: { channelId },
    auth: authorization,
    body: { html: '<p>The lake</p>', attachments: [{ fileId: file.json().id, title: 'Lake' }] },
  });
  expect(posted.statusCode).toBe(201);
}

// A family member's sign-in to the member chat API, as the family app does it: ask for a code, read it
// from the e-mail, exchange it for a member token. The token is remembered as a secret, so a test
// fails if it ever reaches the log.
import { API } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { rememberSecret } from './secret-scan.js';
import { codeIn, type SmtpCapture, waitForMessage } from './smtp-capture.js';

/** The `Authorization` header of a member who signed in with the e-mailed code. */
export async function memberAuthorization(
  app: FastifyInstance,
  smtp: SmtpCapture,
  email: string,
): Promise<string> {
  const asked = await app.inject({ method: 'POST', url: API.chat.code, payload: { email } });
  expect(asked.statusCode).toBe(200);
  const mail = await waitForMessage(smtp, email, /chat code/);
  const session = await app.inject({
    method: 'POST',
    url: API.chat.sessions,
    payload: { email, code: codeIn(mail.text), state: asked.json().state },
  });
  expect(session.statusCode).toBe(200);
  rememberSecret(session.json().token);
  return `Bearer ${session.json().token}`;
}

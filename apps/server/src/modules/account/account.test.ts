import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose, testClient } from '../../../test/api-client.js';
import { createEntityUser } from '../../../test/factories.js';
import { codeIn, type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';
import { REFRESH_COOKIE_PATH } from '../auth/refresh-cookie.js';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function entitySession() {
  const entity = await createEntityUser(t.db());
  const session = await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' });
  return { entity, session, api: testClient(t.app, { auth: session }) };
}

describe('account settings', () => {
  it('saves names and the organisation name', async () => {
    const { entity, api } = await entitySession();
    const saved = await api(endpoints.auth.meEdit, {
      body: {
        name: 'Erin Smith',
        email: entity.email,
        entityName: 'Hope Adoptions',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: MSG.account.changesSaved, emailChangePending: false });
    const me = await api(endpoints.auth.me);
    expect(me.json()).toMatchObject({
      name: 'Erin Smith',
      entityName: 'Hope Adoptions',
      email: entity.email,
    });
  });

  it('changes the e-mail only after the code sent to the new address is confirmed', async () => {
    const { entity, api } = await entitySession();
    const newEmail = `new-${entity.email}`;
    const saved = await api(endpoints.auth.meEdit, {
      body: {
        name: 'Erin Agent',
        email: newEmail,
        entityName: entity.entityName,
      },
    });
    expect(saved.json()).toEqual({ message: MSG.account.emailChangedTitle, emailChangePending: true });
    expect((await api(endpoints.auth.me)).json().email).toBe(entity.email);
    const mail = await waitForMessage(smtp, newEmail, /Confirm your new/);
    const wrong = await api(endpoints.auth.meEmailConfirm, { body: { code: 'ZZZZZZ' } });
    expect(wrong.statusCode).toBe(422);
    const confirmed = await api(endpoints.auth.meEmailConfirm, { body: { code: codeIn(mail.text) } });
    expect(confirmed.statusCode).toBe(200);
    expect((await api(endpoints.auth.me)).json().email).toBe(newEmail);
    await signIn(t.app, { email: newEmail, password: entity.password!, role: 'entity' });
  });

  it('refuses an e-mail that another account uses', async () => {
    const { entity, api } = await entitySession();
    const other = await createEntityUser(t.db());
    const saved = await api(endpoints.auth.meEdit, {
      body: {
        name: 'Erin Agent',
        email: other.email,
        entityName: entity.entityName,
      },
    });
    expect(saved.statusCode).toBe(409);
    expect(saved.json().message).toBe(MSG.account.unableToUpdateEmail);
  });

  it('changes the password with the e-mailed code; every session ends; the old password stops working', async () => {
    const { entity, session, api } = await entitySession();
    const sent = await api(endpoints.auth.accountCode);
    expect(sent.json()).toEqual({ message: MSG.account.verificationCodeSent });
    const mail = await waitForMessage(smtp, entity.email, /verification code/);
    const bad = await api(endpoints.auth.accountVerify, { body: { code: 'ZZZZZZ' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(MSG.account.codeCheckFailed);
    const verified = await api(endpoints.auth.accountVerify, { body: { code: codeIn(mail.text) } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(MSG.account.stepOkay);
    const changed = await api(endpoints.auth.accountChange, {
      body: {
        state: verified.json().state,
        password: 'Changed-Pass-9',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: MSG.account.passwordChanged });
    // The browser drops the ended session's cookie: its next page load does not present it.
    expect(changed.cookies).toContainEqual(
      expect.objectContaining({ name: 'bt_refresh', value: '', path: REFRESH_COOKIE_PATH }),
    );
    expect(Date.parse(String(changed.cookies.find((c) => c.name === 'bt_refresh')?.expires))).toBeLessThan(
      Date.now(),
    );
    expect((await api(endpoints.auth.me)).statusCode).toBe(401);
    const refreshed = await call(t.app, endpoints.auth.refresh, {
      cookies: { bt_refresh: session.refreshCookie },
    });
    expect(refreshed.statusCode).toBe(401);
    const old = await callLoose(t.app, endpoints.auth.login, {
      body: { email: entity.email, password: entity.password, role: 'entity' },
    });
    expect(old.statusCode).toBe(401);
    const again = await signIn(t.app, { email: entity.email, password: 'Changed-Pass-9', role: 'entity' });
    // The code is spent: it cannot start a second change.
    const reused = await call(t.app, endpoints.auth.accountVerify, {
      body: { code: codeIn(mail.text) },
      auth: again.authorization,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: MSG.account.codeCheckFailed,
      fields: { code: MSG.account.codeCheckFailed },
    });
  });

  it('voids the password-change code after wrong tries: then the right code is refused too', async () => {
    const { entity, api } = await entitySession();
    await api(endpoints.auth.accountCode);
    const code = codeIn((await waitForMessage(smtp, entity.email, /verification code/)).text);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 6; i++) {
      const attempt = await api(endpoints.auth.accountVerify, { body: { code: wrong } });
      expect(attempt.statusCode).toBe(422);
      expect(attempt.json().message).toBe(i < 4 ? MSG.account.codeCheckFailed : MSG.extra.codeTooManyTries);
    }
    const right = await api(endpoints.auth.accountVerify, { body: { code } });
    expect(right.statusCode).toBe(422);
    expect(right.json().message).toBe(MSG.extra.codeTooManyTries);
  });

  it('refuses a password-change state of another account', async () => {
    const a = await entitySession();
    const b = await entitySession();
    await a.api(endpoints.auth.accountCode);
    const mail = await waitForMessage(smtp, a.entity.email, /verification code/);
    const verified = await a.api(endpoints.auth.accountVerify, { body: { code: codeIn(mail.text) } });
    const stolen = await b.api(endpoints.auth.accountChange, {
      body: {
        state: verified.json().state,
        password: 'Stolen-Pass-1',
      },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().message).toBe(MSG.account.passwordChangeFailed);
  });

  it('every account route refuses an anonymous caller', async () => {
    for (const endpoint of [
      endpoints.auth.meEdit,
      endpoints.auth.meEmailConfirm,
      endpoints.auth.accountCode,
      endpoints.auth.accountVerify,
      endpoints.auth.accountChange,
    ]) {
      const response = await callLoose(t.app, endpoint, { body: {} });
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
    }
  });
});

describe('rate limits', () => {
  // 3 code checks per client; per account max(5, 3) code requests and checks, whatever the client.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_AUTH_MAX: '3' });
  });
  afterAll(() => limited.close());

  async function limitedSession() {
    const entity = await createEntityUser(limited.db());
    const { authorization } = await signIn(limited.app, {
      email: entity.email,
      password: entity.password!,
      role: 'entity',
    });
    const api = testClient(limited.app, { auth: authorization });
    await api(endpoints.auth.accountCode, { remoteAddress: '10.4.0.1' });
    const code = codeIn((await waitForMessage(smtp, entity.email, /verification code/)).text);
    return { api, code, wrong: code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA' };
  }

  function expectTooMany(response: { statusCode: number; json: () => { message: string } }) {
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBe(MSG.extra.tooManyAttempts);
  }

  it('answers 429 to a client checking too many codes', async () => {
    const { api, wrong } = await limitedSession();
    for (let i = 0; i < 3; i++) {
      expect(
        (await api(endpoints.auth.accountVerify, { remoteAddress: '10.5.0.1', body: { code: wrong } }))
          .statusCode,
      ).toBe(422);
    }
    expectTooMany(
      await api(endpoints.auth.accountVerify, { remoteAddress: '10.5.0.1', body: { code: wrong } }),
    );
  });

  it('answers 429 to code checks of one account from many clients, even with the right code', async () => {
    const { api, code, wrong } = await limitedSession();
    // The code request and four wrong checks: the code is still live, the account has used its five.
    for (let i = 2; i <= 5; i++) {
      expect(
        (await api(endpoints.auth.accountVerify, { remoteAddress: `10.6.0.${i}`, body: { code: wrong } }))
          .statusCode,
      ).toBe(422);
    }
    expectTooMany(await api(endpoints.auth.accountVerify, { remoteAddress: '10.6.1.1', body: { code } }));
  });
});

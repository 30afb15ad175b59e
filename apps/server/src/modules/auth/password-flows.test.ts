import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import { createEntityUser } from '../../../test/factories.js';
import {
  codeIn,
  type SmtpCapture,
  startSmtpCapture,
  waitForMessage,
  waitForMessages,
} from '../../../test/smtp-capture.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { inviteUser } from './invitations.js';

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

async function resetCode(email: string, role: 'admin' | 'entity') {
  const requested = await call(t.app, endpoints.auth.passwordRequest, { body: { email, role } });
  expect(requested.statusCode).toBe(200);
  expect(requested.json().message).toBe(MSG.auth.verificationCodeSent);
  const mail = await waitForMessage(smtp, email, /verification code/);
  return { state: requested.json().state, code: codeIn(mail.text) };
}

describe('forgot password', () => {
  it('resets the password end to end and signs in; the old password stops working', async () => {
    const entity = await createEntityUser(t.db());
    const { state, code } = await resetCode(entity.email, 'entity');
    const validated = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: entity.email,
        role: 'entity',
        state,
        code: code.toLowerCase(),
      },
    });
    expect(validated.statusCode).toBe(200);
    expect(validated.json().message).toBe(MSG.auth.validationCodeSuccess);
    const changed = await call(t.app, endpoints.auth.passwordChange, {
      body: {
        email: entity.email,
        role: 'entity',
        state: validated.json().state,
        password: 'Brand-New-Pass-2',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(MSG.auth.changePasswordSuccess);
    expect(changed.json().user.email).toBe(entity.email);
    expect(changed.cookies.find((c) => c.name === 'bt_refresh')?.httpOnly).toBe(true);
    await signIn(t.app, { email: entity.email, password: 'Brand-New-Pass-2', role: 'entity' });
    const old = await call(t.app, endpoints.auth.login, {
      body: {
        email: entity.email,
        password: entity.password!,
        role: 'entity',
      },
    });
    expect(old.statusCode).toBe(401);
    // The final step cannot be replayed.
    const replay = await call(t.app, endpoints.auth.passwordChange, {
      body: {
        email: entity.email,
        role: 'entity',
        state: validated.json().state,
        password: 'Another-Pass-3',
      },
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe(MSG.extra.stepExpired);
    // The code is spent: checking it again, with its still-signed first state, is refused.
    const reused = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: entity.email,
        role: 'entity',
        state,
        code,
      },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: MSG.auth.confirmationCodeNotFound,
      fields: { code: MSG.auth.confirmationCodeNotFound },
    });
  });

  it('answers 422 for an unknown e-mail and 404 for an account of the other role', async () => {
    const unknown = await call(t.app, endpoints.auth.passwordRequest, {
      body: { email: 'ghost@test.local', role: 'entity' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(MSG.auth.emailNotRegistered);
    const otherRole = await call(t.app, endpoints.auth.passwordRequest, {
      body: { email: TEST_ADMIN.email, role: 'entity' },
    });
    expect(otherRole.statusCode).toBe(404);
    expect(otherRole.json().message).toBe(MSG.auth.userNotFound);
  });

  it('refuses a wrong code with the code-field message, and voids the code after 5 wrong tries, saying so', async () => {
    const entity = await createEntityUser(t.db());
    const { state, code } = await resetCode(entity.email, 'entity');
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 5; i++) {
      const attempt = await call(t.app, endpoints.auth.passwordValidate, {
        body: {
          email: entity.email,
          role: 'entity',
          state,
          code: wrong,
        },
      });
      expect(attempt.statusCode).toBe(422);
      // The fifth wrong try spends the code: it says that only a new code helps now.
      const message = i < 4 ? MSG.auth.confirmationCodeNotFound : MSG.extra.codeTooManyTries;
      expect(attempt.json()).toEqual({ message, fields: { code: message } });
    }
    const right = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: entity.email,
        role: 'entity',
        state,
        code,
      },
    });
    expect(right.statusCode).toBe(422);
    expect(right.json().message).toBe(MSG.extra.codeTooManyTries);
  });

  it('refuses an expired code', async () => {
    const entity = await createEntityUser(t.db());
    const { state, code } = await resetCode(entity.email, 'entity');
    await t.sql(`update verification_codes set expires_at = now() - interval '1 second'`);
    const late = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: entity.email,
        role: 'entity',
        state,
        code,
      },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ message: MSG.extra.codeExpired, fields: { code: MSG.extra.codeExpired } });
  });

  it('binds the state to the e-mail and the step', async () => {
    const a = await createEntityUser(t.db());
    const b = await createEntityUser(t.db());
    const { state, code } = await resetCode(a.email, 'entity');
    const otherEmail = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: b.email,
        role: 'entity',
        state,
        code,
      },
    });
    expect(otherEmail.statusCode).toBe(422);
    expect(otherEmail.json().message).toBe(MSG.extra.stepExpired);
    const skipStep = await call(t.app, endpoints.auth.passwordChange, {
      body: {
        email: a.email,
        role: 'entity',
        state,
        password: 'Skip-Step-Pass-1',
      },
    });
    expect(skipStep.statusCode).toBe(422);
    const forged = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: a.email,
        role: 'entity',
        state: `${state}x`,
        code,
      },
    });
    expect(forged.statusCode).toBe(422);
  });

  it('refuses a weak new password with the spec message', async () => {
    const entity = await createEntityUser(t.db());
    const { state, code } = await resetCode(entity.email, 'entity');
    const validated = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: entity.email,
        role: 'entity',
        state,
        code,
      },
    });
    const weak = await call(t.app, endpoints.auth.passwordChange, {
      body: {
        email: entity.email,
        role: 'entity',
        state: validated.json().state,
        password: 'alllowercase',
      },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.error().fields.password).toBe(MSG.validation.invalidPassword);
  });
});

describe('first sign-in of an invited account (406)', () => {
  it('e-mails an activation code; the code and a new password sign the person in', async () => {
    const invited = await createEntityUser(t.db(), { password: null });
    const login = await call(t.app, endpoints.auth.login, {
      body: {
        email: invited.email,
        password: 'anything',
        role: 'entity',
      },
    });
    expect(login.statusCode).toBe(406);
    expect(login.json().message).toBe(MSG.auth.redirectToCreatePassword);
    const mail = await waitForMessage(smtp, invited.email, /activation code/);
    const validated = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: invited.email,
        role: 'entity',
        state: login.json<406>().state,
        code: codeIn(mail.text),
      },
    });
    expect(validated.statusCode).toBe(200);
    const set = await call(t.app, endpoints.auth.passwordChange, {
      body: {
        email: invited.email,
        role: 'entity',
        state: validated.json().state,
        password: 'First-Pass-1',
      },
    });
    expect(set.statusCode).toBe(200);
    await signIn(t.app, { email: invited.email, password: 'First-Pass-1', role: 'entity' });
  });

  it("accepts the invitation's code after a first sign-in attempt sent another", async () => {
    const invited = await createEntityUser(t.db(), { password: null });
    await inviteUser(t.app.ctx, { id: invited.userId, email: invited.email, name: 'Erin', role: 'entity' });
    const invitation = await waitForMessage(smtp, invited.email, /portal account/);
    const login = await call(t.app, endpoints.auth.login, {
      body: {
        email: invited.email,
        password: 'anything',
        role: 'entity',
      },
    });
    expect(login.statusCode).toBe(406);
    await waitForMessage(smtp, invited.email, /activation code/);
    const validated = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: invited.email,
        role: 'entity',
        state: login.json<406>().state,
        code: codeIn(invitation.text),
      },
    });
    expect(validated.statusCode).toBe(200);
  });

  it('answers 403, and sends nothing, for an access request not yet approved', async () => {
    const pending = await createEntityUser(t.db(), { password: null, entityStatus: 'pending' });
    const before = smtp.messages.length;
    const login = await call(t.app, endpoints.auth.login, {
      body: {
        email: pending.email,
        password: 'anything',
        role: 'entity',
      },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.auth.notYetActivated);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before);
  });
});

describe('request access', () => {
  it('creates a pending entity and e-mails the team; a second request with the address is refused', async () => {
    const payload = {
      name: 'Mary Ann Jones',
      entityName: 'Open Arms Agency',
      email: 'mary.jones@agency.test',
      phone: '(555) 123-4567',
      subtype: 'agency',
    };
    const response = await callLoose(t.app, endpoints.auth.register, { body: payload });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.signup.thankYou);
    const { rows } = (await t.sql(
      `select e.name, e.status, e.subtype, e.phone, u.first_name, u.last_name, u.password_hash
         from entities e join users u on u.entity_id = e.id where e.email = 'mary.jones@agency.test'`,
    )) as { rows: Record<string, unknown>[] };
    expect(rows[0]).toMatchObject({
      name: 'Open Arms Agency',
      status: 'pending',
      subtype: 'agency',
      phone: '(555) 123-4567',
      first_name: 'Mary',
      last_name: 'Ann Jones',
      password_hash: null,
    });
    const team = await waitForMessage(smtp, 'team@bridgetalk.local', /Access request/);
    expect(team.text).toContain('Open Arms Agency');
    expect(team.text).toContain('mary.jones@agency.test');

    const again = await callLoose(t.app, endpoints.auth.register, {
      body: { ...payload, email: 'MARY.JONES@agency.test' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: MSG.signup.emailInUse,
      fields: { email: MSG.signup.emailInUseField },
    });
  });

  it('asks agencies, and only agencies, for an entity name; validates the phone', async () => {
    const bad = await call(t.app, endpoints.auth.register, {
      body: {
        name: 'Al',
        email: 'x@test.local',
        phone: '555',
        subtype: 'agency',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fields).toMatchObject({
      name: MSG.validation.nameMin,
      phone: MSG.validation.phoneWrong,
      entityName: MSG.validation.signupEntityNameMin,
    });
    const lawyer = await call(t.app, endpoints.auth.register, {
      body: {
        name: 'Laura Lawyer',
        email: 'laura@law.test',
        phone: '(555) 222-3333',
      },
    });
    expect(lawyer.statusCode).toBe(200);
  });
});

describe('code tries of strangers', () => {
  it("never refuse the owner's right code: a code is spent by wrong tries for their address alone", async () => {
    const entity = await createEntityUser(t.db());
    const payload = { email: entity.email, role: 'entity' };
    const own = await callLoose(t.app, endpoints.auth.passwordRequest, {
      remoteAddress: '10.3.0.1',
      body: payload,
    });
    expect(own.statusCode).toBe(200);
    const code = codeIn((await waitForMessage(smtp, entity.email, /verification code/)).text);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const check = (address: string, guess: string) =>
      callLoose(t.app, endpoints.auth.passwordValidate, {
        remoteAddress: address,
        body: { ...payload, state: own.json().state, code: guess },
      });
    // Strangers from two addresses spend all their tries on the owner's live code.
    for (const stranger of ['10.3.0.2', '10.3.0.3']) {
      for (let i = 0; i < 5; i++) expect((await check(stranger, wrong)).statusCode).toBe(422);
      const spent = await check(stranger, code);
      expect(spent.statusCode).toBe(422);
      expect(spent.json().message).toBe(MSG.extra.codeTooManyTries);
    }
    const right = await check('10.3.0.1', code);
    expect(right.statusCode).toBe(200);
    expect(right.json().message).toBe(MSG.auth.validationCodeSuccess);
  });
});

describe('rate limits', () => {
  // 3 requests per client and route; per e-mail max(5, 3) requests and code checks, whatever the client.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_AUTH_MAX: '3' });
  });
  afterAll(() => limited.close());

  function expectTooMany(response: { statusCode: number; json: () => { message: string } }) {
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBe(MSG.extra.tooManyAttempts);
  }

  it('answers 429 to a client asking for too many reset codes', async () => {
    for (let i = 0; i < 3; i++) {
      const email = `ip-${i}@test.local`;
      expect(
        (
          await call(limited.app, endpoints.auth.passwordRequest, {
            remoteAddress: '10.1.0.1',
            body: { email, role: 'entity' },
          })
        ).statusCode,
      ).toBe(422);
    }
    expectTooMany(
      await call(limited.app, endpoints.auth.passwordRequest, {
        remoteAddress: '10.1.0.1',
        body: { email: 'ip-9@test.local', role: 'entity' },
      }),
    );
  });

  it('lets no client block the reset of another: limits count per e-mail and address', async () => {
    const entity = await createEntityUser(limited.db());
    const payload = { email: entity.email, role: 'entity' };
    // A stranger asks for the owner's codes from three addresses until each is refused.
    for (const stranger of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) {
      for (let i = 0; i < 3; i++)
        expect(
          (
            await callLoose(limited.app, endpoints.auth.passwordRequest, {
              remoteAddress: stranger,
              body: payload,
            })
          ).statusCode,
        ).toBe(200);
      expectTooMany(
        await callLoose(limited.app, endpoints.auth.passwordRequest, {
          remoteAddress: stranger,
          body: payload,
        }),
      );
    }
    // The owner, from their own address, is answered and resets the password with the newest code
    // they received (past 5 code e-mails no new one is sent, and the newest stays good).
    const own = await callLoose(limited.app, endpoints.auth.passwordRequest, {
      remoteAddress: '10.2.9.9',
      body: payload,
    });
    expect(own.statusCode).toBe(200);
    const mails = await waitForMessages(smtp, entity.email, /verification code/, 5);
    const code = codeIn(mails.at(-1)?.text);
    const validated = await callLoose(limited.app, endpoints.auth.passwordValidate, {
      remoteAddress: '10.2.9.9',
      body: {
        ...payload,
        state: own.json().state,
        code,
      },
    });
    expect(validated.statusCode).toBe(200);
  });

  it('sends one person at most 5 reset codes in 15 minutes, whoever asks; the newest still works', async () => {
    const entity = await createEntityUser(limited.db());
    const payload = { email: entity.email, role: 'entity' };
    for (let i = 1; i <= 7; i++)
      expect(
        (
          await callLoose(limited.app, endpoints.auth.passwordRequest, {
            remoteAddress: `10.4.0.${i}`,
            body: payload,
          })
        ).statusCode,
      ).toBe(200);
    const codes = (await limited.sql(
      `select count(*)::int as n from verification_codes c join users u on u.id = c.user_id
        where u.email = '${entity.email}' and c.purpose = 'reset'`,
    )) as { rows: unknown[] };
    expect(codes.rows[0]).toEqual({ n: 5 });
  });
});

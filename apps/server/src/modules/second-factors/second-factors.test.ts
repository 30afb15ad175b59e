// Second factors through the API on a real database, on a clock the test moves (only Date is faked,
// and it keeps running): enrolment, sign-in with password and code, replays, recovery codes,
// removal, the administrator's reset, and the e-mails that tell the account.
import { endpoints, MSG, RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client.js';
import { createAdminUser, createEntityUser } from '../../../test/factories.js';
import { enrolTotp, totpCodeNow, useTotpClock } from '../../../test/second-factors.js';
import { createTestApp, eventually, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { nextStep } = useTotpClock();

type Account = { email: string; password: string; role: 'admin' | 'entity'; userId: string };
type Headers = { authorization: string };

async function entityAccount(): Promise<Account> {
  const user = await createEntityUser(t.db());
  return { email: user.email, password: user.password!, role: 'entity', userId: user.userId };
}

const enrol = (headers: Headers, name?: string) => enrolTotp(t.app, headers, name);

function login(who: Account, extra: object = {}) {
  return call(t.app, endpoints.auth.login, {
    body: {
      email: who.email,
      password: who.password,
      role: who.role,
      ...extra,
    },
  });
}

function secondStep(who: Account, state: string, code: string) {
  return call(t.app, endpoints.auth.loginSecondFactor, {
    body: { email: who.email, role: who.role, state, code },
  });
}

async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const result = (await t.sql(
    `select subject, text from mail_messages where "to" = '${email}' order by created_at`,
  )) as { rows: { subject: string; text: string }[] };
  return result.rows;
}

async function waitForMail(email: string, includes: string) {
  return eventually(async () => (await mailsTo(email)).find((m) => m.text.includes(includes)), 15_000);
}

describe('enrolling an authenticator app', () => {
  it('is inactive until confirmed, then listed by name; the first one brings ten recovery codes, once', async () => {
    const who = await entityAccount();
    const { authorization } = await signIn(t.app, who);
    const headers = { authorization };
    await call(t.app, endpoints.secondFactors.totpStart, { auth: headers });
    expect((await call(t.app, endpoints.secondFactors.list, { auth: headers })).json()).toEqual({
      factors: [],
      recoveryCodesLeft: 0,
    });
    // An unconfirmed enrolment changes nothing at sign-in.
    expect((await login(who)).statusCode).toBe(200);

    const first = await enrol(headers, 'Phone');
    expect(first.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of first.recoveryCodes!) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    nextStep();
    const second = await enrol(headers, 'Tablet');
    expect(second.recoveryCodes).toBeNull();
    const listed = (await call(t.app, endpoints.secondFactors.list, { auth: headers })).json();
    expect(listed.factors.map((f: { name: string; kind: string }) => [f.name, f.kind])).toEqual([
      ['Phone', 'totp'],
      ['Tablet', 'totp'],
    ]);
    expect(listed.factors[0]!.lastUsedAt).toBeNull();
    expect(listed.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
    await waitForMail(who.email, MAIL_ENROLLED('Tablet'));
  });

  it('refuses a wrong code with the catalogue message, and keeps the secret sealed in the database', async () => {
    const who = await entityAccount();
    const headers = { authorization: (await signIn(t.app, who)).authorization };
    const { factorId, secret } = (
      await call(t.app, endpoints.secondFactors.totpStart, { auth: headers })
    ).json();
    const right = await totpCodeNow(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await call(t.app, endpoints.secondFactors.totpConfirm, {
      auth: headers,
      body: {
        factorId,
        code: wrong,
        name: 'Phone',
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MSG.secondFactor.codeWrong);
    const stored = (await t.sql(`select secret_encrypted from second_factors where id = '${factorId}'`)) as {
      rows: { secret_encrypted: string }[];
    };
    expect(stored.rows[0]!.secret_encrypted).not.toContain(secret);
  });
});

const MAIL_ENROLLED = (name: string) => `An authenticator app named "${name}" was added`;

describe('signing in with a second factor', () => {
  it('asks for the code only after the right password, then signs in keeping "Remember me"', async () => {
    const who = await entityAccount();
    const { secret } = await enrol({ authorization: (await signIn(t.app, who)).authorization });

    const wrongPassword = await login({ ...who, password: 'Wrong-Pass-9' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(MSG.auth.invalidCredentials);

    nextStep();
    const first = await login(who, { rememberMe: false });
    expect(first.statusCode).toBe(428);
    expect(first.json()).toMatchObject({
      message: MSG.secondFactor.codeNeeded,
      method: 'second-factor',
      kinds: ['totp'],
    });
    expect(first.cookies).toHaveLength(0);
    const signedIn = await secondStep(who, first.json<428>().state, await totpCodeNow(secret));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().message).toBe(MSG.auth.loginSuccess);
    // 'Remember me' off: a browser-session cookie (no expiry).
    const cookie = signedIn.cookies.find((c) => c.name === 'bt_refresh');
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
    const headers = { authorization: `Bearer ${signedIn.json().accessToken}` };
    const [factor] = (await call(t.app, endpoints.secondFactors.list, { auth: headers })).json().factors;
    expect(factor!.lastUsedAt).not.toBeNull();
  });

  it('refuses the code of a factor whose sealed secret no longer opens (a replaced token key)', async () => {
    const who = await entityAccount();
    const { secret, factorId } = await enrol({ authorization: (await signIn(t.app, who)).authorization });
    await t.sql(`update second_factors set secret_encrypted = 'AAAA.AAAA.AAAA' where id = '${factorId}'`);
    nextStep();
    const refused = await secondStep(who, (await login(who)).json<428>().state, await totpCodeNow(secret));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MSG.secondFactor.codeWrong);
  });

  it('refuses a code already used in its time step (a replay), and a wrong code', async () => {
    const who = await entityAccount();
    const { secret } = await enrol({ authorization: (await signIn(t.app, who)).authorization });
    nextStep();
    const code = await totpCodeNow(secret);
    const state = (await login(who)).json<428>().state;
    expect((await secondStep(who, state, code)).statusCode).toBe(200);
    const replay = await secondStep(who, (await login(who)).json<428>().state, code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe(MSG.secondFactor.codeWrong);
    const wrong = await secondStep(
      who,
      (await login(who)).json<428>().state,
      code === '123456' ? '654321' : '123456',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(MSG.secondFactor.codeWrong);
    nextStep();
    expect(
      (await secondStep(who, (await login(who)).json<428>().state, await totpCodeNow(secret))).statusCode,
    ).toBe(200);
  });

  it('takes a recovery code once, and tells the account how many are left', async () => {
    const who = await entityAccount();
    const { recoveryCodes } = await enrol({ authorization: (await signIn(t.app, who)).authorization });
    const code = recoveryCodes![3]!;
    const used = await secondStep(who, (await login(who)).json<428>().state, code.toLowerCase());
    expect(used.statusCode).toBe(200);
    const again = await secondStep(who, (await login(who)).json<428>().state, code);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MSG.secondFactor.codeWrong);
    await waitForMail(who.email, `${RECOVERY_CODE_COUNT - 1} recovery codes are left`);
  });

  it('lets no code in with the state of a wrong password, even after many failures', async () => {
    const who = await entityAccount();
    const { secret } = await enrol({ authorization: (await signIn(t.app, who)).authorization });
    // A forged state of the e-mailed step or of another account is refused as expired.
    const other = await entityAccount();
    await enrol({ authorization: (await signIn(t.app, other)).authorization });
    nextStep();
    const othersState = (await login(other)).json<428>().state;
    const crossed = await secondStep(who, othersState, await totpCodeNow(secret));
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().message).toBe(MSG.extra.stepExpired);
    // Past the step-up threshold (10 failures from anywhere), a wrong password answers like a right one…
    const from = (address: string, password: string) =>
      call(t.app, endpoints.auth.login, {
        remoteAddress: address,
        body: { email: who.email, password, role: 'entity' },
      });
    for (let i = 1; i <= 10; i++) expect((await from(`10.9.0.${i}`, `Wrong-Pass-${i}`)).statusCode).toBe(401);
    const guessed = await from('10.9.1.1', 'Wrong-Pass-x');
    const owner = await from('10.9.1.2', who.password);
    for (const answer of [guessed, owner]) {
      expect(answer.statusCode).toBe(428);
      expect(answer.json()).toEqual({
        message: MSG.secondFactor.codeNeeded,
        state: expect.any(String),
        method: 'second-factor',
        kinds: ['totp'],
      });
    }
    // …but only the right password's state lets the code in.
    nextStep();
    const refused = await secondStep(who, guessed.json<428>().state, await totpCodeNow(secret));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MSG.secondFactor.codeWrong);
    expect((await secondStep(who, owner.json<428>().state, await totpCodeNow(secret))).statusCode).toBe(200);
  });

  it('does not let a password reset by e-mail skip the factor', async () => {
    const who = await entityAccount();
    const { secret } = await enrol({ authorization: (await signIn(t.app, who)).authorization });
    const started = await call(t.app, endpoints.auth.passwordRequest, {
      body: {
        email: who.email,
        role: 'entity',
      },
    });
    expect(started.statusCode).toBe(200);
    const codeRow = (await t.sql(
      `select id from verification_codes where user_id = '${who.userId}' and purpose = 'reset' order by created_at desc limit 1`,
    )) as { rows: { id: string }[] };
    const { deriveCode } = await import('../mail/derived-codes.js');
    const code = await deriveCode(t.app.ctx.tokenKey, `verification|${codeRow.rows[0]!.id}`);
    const validated = await call(t.app, endpoints.auth.passwordValidate, {
      body: {
        email: who.email,
        role: 'entity',
        code,
        state: started.json().state,
      },
    });
    expect(validated.statusCode).toBe(200);
    const changed = await call(t.app, endpoints.auth.passwordChange, {
      body: {
        email: who.email,
        role: 'entity',
        password: 'Newer-Pass-42',
        state: validated.json().state,
      },
    });
    expect(changed.statusCode).toBe(428);
    expect(changed.json<428>().method).toBe('second-factor');
    expect(changed.cookies).toHaveLength(0);
    // The new password is set; the factor's step completes the sign-in.
    nextStep();
    const done = await secondStep(
      { ...who, password: 'Newer-Pass-42' },
      changed.json<428>().state,
      await totpCodeNow(secret),
    );
    expect(done.statusCode).toBe(200);
  });
});

describe('an account without a second factor', () => {
  it('signs in with its password alone, as before', async () => {
    const who = await entityAccount();
    const response = await login(who);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.auth.loginSuccess);
  });
});

describe('removing a factor and replacing recovery codes', () => {
  it('needs the password, then ends the other sessions and tells the account', async () => {
    const who = await entityAccount();
    const here = { authorization: (await signIn(t.app, who)).authorization };
    const { secret, factorId } = await enrol(here);
    nextStep();
    const elsewhere = await secondStep(who, (await login(who)).json<428>().state, await totpCodeNow(secret));
    const elsewhereHeaders = { authorization: `Bearer ${elsewhere.json().accessToken}` };
    const elsewhereCookie = elsewhere.cookies.find((c) => c.name === 'bt_refresh')!.value;

    const wrong = await call(t.app, endpoints.secondFactors.remove, {
      params: { id: factorId },
      auth: here,
      body: { password: 'Wrong-Pass-1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(MSG.secondFactor.passwordWrong);
    expect((await call(t.app, endpoints.secondFactors.list, { auth: here })).json().factors).toHaveLength(1);

    const removed = await call(t.app, endpoints.secondFactors.remove, {
      params: { id: factorId },
      auth: here,
      body: { password: who.password },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(MSG.secondFactor.removed);
    // This session goes on; the other one ended, its refresh cookie too.
    expect((await call(t.app, endpoints.secondFactors.list, { auth: here })).json()).toEqual({
      factors: [],
      recoveryCodesLeft: 0,
    });
    expect((await call(t.app, endpoints.auth.me, { auth: elsewhereHeaders })).statusCode).toBe(401);
    const refreshed = await call(t.app, endpoints.auth.refresh, { cookies: { bt_refresh: elsewhereCookie } });
    expect(refreshed.statusCode).toBe(401);
    expect((await login(who)).statusCode).toBe(200);
    await waitForMail(who.email, 'The authenticator app named "Phone" was removed');
  });

  it('replaces the recovery codes after the password, the old set void', async () => {
    const who = await entityAccount();
    const headers = { authorization: (await signIn(t.app, who)).authorization };
    const none = await call(t.app, endpoints.secondFactors.recoveryCodes, {
      auth: headers,
      body: { password: who.password },
    });
    expect(none.statusCode).toBe(409);
    const { recoveryCodes } = await enrol(headers);
    const refused = await call(t.app, endpoints.secondFactors.recoveryCodes, {
      auth: headers,
      body: { password: 'Wrong-Pass-1' },
    });
    expect(refused.statusCode).toBe(422);
    const replaced = await call(t.app, endpoints.secondFactors.recoveryCodes, {
      auth: headers,
      body: { password: who.password },
    });
    expect(replaced.statusCode).toBe(200);
    const fresh = replaced.json().recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await secondStep(who, (await login(who)).json<428>().state, recoveryCodes![0]!)).statusCode).toBe(
      422,
    );
    expect((await secondStep(who, (await login(who)).json<428>().state, fresh[0]!)).statusCode).toBe(200);
    await waitForMail(who.email, 'New recovery codes were made');
  });
});

describe("the administrator's reset", () => {
  it("removes another account's factors and recovery codes, recorded and e-mailed", async () => {
    const admin = { authorization: (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization };
    const who = await entityAccount();
    await enrol({ authorization: (await signIn(t.app, who)).authorization });
    expect((await login(who)).statusCode).toBe(428);

    const reset = await call(t.app, endpoints.secondFactors.reset, {
      params: { id: who.userId },
      auth: admin,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(MSG.secondFactor.reset);
    expect((await login(who)).statusCode).toBe(200);
    const left = (await t.sql(
      `select (select count(*) from second_factors where user_id = '${who.userId}') as factors,
              (select count(*) from recovery_codes where user_id = '${who.userId}') as codes`,
    )) as { rows: { factors: number | string; codes: number | string }[] };
    expect(Number(left.rows[0]!.factors) + Number(left.rows[0]!.codes)).toBe(0);

    const activity = await call(t.app, endpoints.activity.platform, {
      query: { kind: 'secondFactors' },
      headers: admin,
    });
    expect(activity.statusCode).toBe(200);
    expect(activity.json().events[0]).toMatchObject({
      action: 'account.second_factor_reset',
      subject: expect.stringContaining(who.email),
    });
    await waitForMail(who.email, 'An administrator reset the second factor');
  });

  it("refuses an admin's reset of their own, and anyone but an admin", async () => {
    const other = await createAdminUser(t.db());
    const otherHeaders = {
      authorization: (await signIn(t.app, { email: other.email, password: other.password!, role: 'admin' }))
        .authorization,
    };
    const own = await call(t.app, endpoints.secondFactors.reset, {
      params: { id: other.userId },
      auth: otherHeaders,
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(MSG.secondFactor.cannotResetOwn);
    const entity = await entityAccount();
    const entityHeaders = { authorization: (await signIn(t.app, entity)).authorization };
    expect(
      (
        await call(t.app, endpoints.secondFactors.reset, {
          params: { id: other.userId },
          auth: entityHeaders,
        })
      ).statusCode,
    ).toBe(403);
    // Another admin's is allowed.
    expect(
      (
        await call(t.app, endpoints.secondFactors.reset, {
          params: { id: entity.userId },
          auth: otherHeaders,
        })
      ).statusCode,
    ).toBe(200);
  });
});

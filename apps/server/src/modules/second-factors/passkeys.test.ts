// Passkeys through the API on a real database, answered by a software authenticator written here
// (an ES256 key of node:crypto, 'none' attestation): enrolment and its recovery codes, sign-in after
// the password, replays, wrong signatures, another account's passkey, expiry, and removal.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { endpoints, MSG, RECOVERY_CODE_COUNT } from '@bridge-talk/contract';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import { createEntityUser } from '../../../test/factories.js';
import { createTestApp, eventually, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { relyingParty } from './passkeys.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** An authenticator holding one ES256 key pair, as a browser's would, for the relying party `rp`. */
class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys: { publicKey: KeyObject; privateKey: KeyObject } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
  });
  private counter = 0;

  constructor(private readonly rp: { id: string; origin: string }) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.rp.origin, crossOrigin: false }));
  }

  /** sha256(rpId) | flags | counter, and for a registration the attested credential data. */
  private authenticatorData(attested: Buffer | null): Buffer {
    const UP = 0x01;
    const UV = 0x04;
    const AT = 0x40;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const flags = Buffer.from([UP | UV | (attested ? AT : 0)]);
    return Buffer.concat([sha256(this.rp.id), flags, counter, ...(attested ? [attested] : [])]);
  }

  /** The COSE EC2 public key: {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}. */
  private cosePublicKey(): Buffer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    return Buffer.from(isoCBOR.encode(key));
  }

  register(challenge: string) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const aaguid = Buffer.alloc(16);
    const authData = this.authenticatorData(
      Buffer.concat([aaguid, idLength, this.credentialId, this.cosePublicKey()]),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge)),
        attestationObject: b64url(Buffer.from(attestationObject)),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }

  /** A signed answer to `challenge`, the counter moved on by one. */
  assert(challenge: string) {
    this.counter += 1;
    const authData = this.authenticatorData(null);
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }
}

type Account = { email: string; password: string; role: 'entity'; userId: string };
type Headers = { authorization: string };

async function entityAccount(): Promise<Account & { headers: Headers }> {
  const user = await createEntityUser(t.db());
  const who = { email: user.email, password: user.password!, role: 'entity' as const, userId: user.userId };
  return { ...who, headers: { authorization: (await signIn(t.app, who)).authorization } };
}

const newAuthenticator = () => new SoftwareAuthenticator(relyingParty(t.app.ctx));

/** Adds `authenticator`'s passkey to the account; the confirmation's answer. */
async function enrol(headers: Headers, authenticator: SoftwareAuthenticator, name = 'Work laptop') {
  const started = await call(t.app, endpoints.secondFactors.passkeyStart, { auth: headers });
  expect(started.statusCode).toBe(200);
  const { challengeId, options } = started.json();
  expect(options.rp.id).toBe(relyingParty(t.app.ctx).id);
  return call(t.app, endpoints.secondFactors.passkeyConfirm, {
    auth: headers,
    body: {
      challengeId,
      name,
      response: authenticator.register(options.challenge),
    },
  });
}

function login(who: Account, password = who.password) {
  return call(t.app, endpoints.auth.login, { body: { email: who.email, password, role: who.role } });
}

/** The passkey options of the sign-in that answered `state`. */
async function passkeyOptions(who: Account, state: string) {
  const answer = await call(t.app, endpoints.auth.loginPasskeyOptions, {
    body: {
      email: who.email,
      role: who.role,
      state,
    },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

function passkeyStep(who: Account, state: string, challengeId: string, response: object) {
  return callLoose(t.app, endpoints.auth.loginPasskey, {
    body: {
      email: who.email,
      role: who.role,
      state,
      challengeId,
      response,
    },
  });
}

/** Password, then `authenticator`'s answer to the options: the passkey step's answer. */
async function signInWithPasskey(who: Account, authenticator: SoftwareAuthenticator) {
  const state = (await login(who)).json<428>().state;
  const { challengeId, options } = await passkeyOptions(who, state);
  return passkeyStep(who, state, challengeId, authenticator.assert(options.challenge));
}

async function waitForMail(email: string, includes: string) {
  return eventually(async () => {
    const result = (await t.sql(`select text from mail_messages where "to" = '${email}'`)) as {
      rows: { text: string }[];
    };
    return result.rows.find((m) => m.text.includes(includes));
  }, 15_000);
}

function expectRefused(answer: { statusCode: number; error: () => { message: string } }, message: string) {
  expect(answer.statusCode).toBe(422);
  expect(answer.error().message).toBe(message);
}

describe('adding a passkey', () => {
  it('lists it by name; the first factor brings the recovery codes, once; the account is told', async () => {
    const who = await entityAccount();
    const first = await enrol(who.headers, newAuthenticator());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: MSG.secondFactor.passkeyEnrolled,
      factor: { name: 'Work laptop', kind: 'passkey', lastUsedAt: null },
    });
    expect(first.json().recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const second = await enrol(who.headers, newAuthenticator(), 'Security key');
    expect(second.statusCode).toBe(200);
    expect(second.json().recoveryCodes).toBeNull();

    const listed = (await call(t.app, endpoints.secondFactors.list, { auth: who.headers })).json();
    expect(listed.factors.map((f: { name: string; kind: string }) => [f.name, f.kind])).toEqual([
      ['Work laptop', 'passkey'],
      ['Security key', 'passkey'],
    ]);
    expect(listed.factors[0]!.createdAt).toEqual(expect.any(String));
    expect(listed.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
    await waitForMail(who.email, 'A passkey named "Security key" was added');
  });

  it('refuses a challenge used twice, an answer for another origin, and a passkey another account holds', async () => {
    const who = await entityAccount();
    const authenticator = newAuthenticator();
    const started = (await call(t.app, endpoints.secondFactors.passkeyStart, { auth: who.headers })).json();
    const response = authenticator.register(started.options.challenge);
    const payload = { challengeId: started.challengeId, name: 'Laptop', response };
    expect(
      (await call(t.app, endpoints.secondFactors.passkeyConfirm, { auth: who.headers, body: payload }))
        .statusCode,
    ).toBe(200);
    expectRefused(
      await call(t.app, endpoints.secondFactors.passkeyConfirm, { auth: who.headers, body: payload }),
      MSG.secondFactor.enrolmentExpired,
    );

    const elsewhere = new SoftwareAuthenticator({ id: 'evil.example', origin: 'https://evil.example' });
    expectRefused(await enrol(who.headers, elsewhere), MSG.secondFactor.passkeyWrong);

    const other = await entityAccount();
    const taken = await enrol(other.headers, authenticator);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.secondFactor.passkeyExists);
  });

  it('refuses a challenge after five minutes', async () => {
    const who = await entityAccount();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const started = (await call(t.app, endpoints.secondFactors.passkeyStart, { auth: who.headers })).json();
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    const late = await call(t.app, endpoints.secondFactors.passkeyConfirm, {
      auth: who.headers,
      body: {
        challengeId: started.challengeId,
        name: 'Laptop',
        response: newAuthenticator().register(started.options.challenge),
      },
    });
    expectRefused(late, MSG.secondFactor.enrolmentExpired);
  });
});

describe('signing in with a passkey', () => {
  it('after the right password: the 428 names the passkey, its options list it, its answer signs in', async () => {
    const who = await entityAccount();
    const authenticator = newAuthenticator();
    await enrol(who.headers, authenticator);

    const asked = await login(who);
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toEqual({
      message: MSG.secondFactor.passkeyNeeded,
      state: expect.any(String),
      method: 'second-factor',
      kinds: ['passkey'],
    });
    const { challengeId, options } = await passkeyOptions(who, asked.json<428>().state);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([
      authenticator.credentialId.toString('base64url'),
    ]);
    const signedIn = await passkeyStep(
      who,
      asked.json<428>().state,
      challengeId,
      authenticator.assert(options.challenge),
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().message).toBe(MSG.auth.loginSuccess);
    expect(signedIn.cookies.find((c) => c.name === 'bt_refresh')).toBeDefined();

    const headers = { authorization: `Bearer ${signedIn.json().accessToken}` };
    const [factor] = (await call(t.app, endpoints.secondFactors.list, { auth: headers })).json().factors;
    expect(factor!.lastUsedAt).not.toBeNull();
    // Again, its counter moved on.
    expect((await signInWithPasskey(who, authenticator)).statusCode).toBe(200);
  });

  it('refuses the same challenge twice, a replayed answer, an answer to another challenge, and a wrong signature', async () => {
    const who = await entityAccount();
    const authenticator = newAuthenticator();
    await enrol(who.headers, authenticator);
    const state = (await login(who)).json<428>().state;
    const { challengeId, options } = await passkeyOptions(who, state);
    const answer = authenticator.assert(options.challenge);
    expect((await passkeyStep(who, state, challengeId, answer)).statusCode).toBe(200);
    expectRefused(await passkeyStep(who, state, challengeId, answer), MSG.secondFactor.passkeyWrong);
    expectRefused(
      await passkeyStep(who, state, challengeId, authenticator.assert(options.challenge)),
      MSG.secondFactor.passkeyWrong,
    );

    // An answer signs its own challenge only: given with another one's id, it is refused.
    const mine = await passkeyOptions(who, state);
    const another = await passkeyOptions(who, state);
    const answerToMine = authenticator.assert(mine.options.challenge);
    expectRefused(
      await passkeyStep(who, state, another.challengeId, answerToMine),
      MSG.secondFactor.passkeyWrong,
    );
    expect((await passkeyStep(who, state, mine.challengeId, answerToMine)).statusCode).toBe(200);

    const fresh = await passkeyOptions(who, state);
    const forged = authenticator.assert(fresh.options.challenge);
    const signature = Buffer.from(forged.response.signature, 'base64url');
    const last = signature.length - 1;
    signature.writeUInt8(signature.readUInt8(last) ^ 0xff, last);
    forged.response.signature = signature.toString('base64url');
    expectRefused(await passkeyStep(who, state, fresh.challengeId, forged), MSG.secondFactor.passkeyWrong);
  });

  it("refuses another account's passkey, and an answer with a wrong password's state", async () => {
    const who = await entityAccount();
    await enrol(who.headers, newAuthenticator());
    const other = await entityAccount();
    const othersAuthenticator = newAuthenticator();
    await enrol(other.headers, othersAuthenticator);

    const state = (await login(who)).json<428>().state;
    const { challengeId, options } = await passkeyOptions(who, state);
    expectRefused(
      await passkeyStep(who, state, challengeId, othersAuthenticator.assert(options.challenge)),
      MSG.secondFactor.passkeyWrong,
    );
    // The other account's own state does not open this account's step.
    const othersState = (await login(other)).json<428>().state;
    expectRefused(
      await call(t.app, endpoints.auth.loginPasskeyOptions, {
        body: {
          email: who.email,
          role: who.role,
          state: othersState,
        },
      }),
      MSG.extra.stepExpired,
    );
  });

  it('answers a wrong password’s state alike, with a challenge nothing accepts', async () => {
    const who = await entityAccount();
    const authenticator = newAuthenticator();
    await enrol(who.headers, authenticator);
    // Past the step-up threshold, a wrong password answers 428 like a right one.
    for (let i = 1; i <= 10; i++) {
      const refused = await call(t.app, endpoints.auth.login, {
        remoteAddress: `10.8.0.${i}`,
        body: { email: who.email, password: `Wrong-Pass-${i}`, role: 'entity' },
      });
      expect(refused.statusCode).toBe(401);
    }
    const guessed = await call(t.app, endpoints.auth.login, {
      remoteAddress: '10.8.1.1',
      body: { email: who.email, password: 'Wrong-Pass-x', role: 'entity' },
    });
    expect(guessed.statusCode).toBe(428);
    const state = guessed.json<428>().state;
    const { challengeId, options } = await passkeyOptions(who, state);
    expect(options.allowCredentials).toHaveLength(1);
    expectRefused(
      await passkeyStep(who, state, challengeId, authenticator.assert(options.challenge)),
      MSG.secondFactor.passkeyWrong,
    );
  });

  it('names both kinds beside an authenticator app', async () => {
    const who = await entityAccount();
    await enrol(who.headers, newAuthenticator());
    await t.sql(
      `insert into second_factors (user_id, kind, name, secret_encrypted, confirmed_at)
       values ('${who.userId}', 'totp', 'Phone', 'AAAA.AAAA.AAAA', now())`,
    );
    expect((await login(who)).json()).toMatchObject({
      message: MSG.secondFactor.passkeyOrCodeNeeded,
      kinds: ['totp', 'passkey'],
    });
  });
});

describe('removing a passkey', () => {
  it('needs the password; then it no longer signs in, and the account is told', async () => {
    const who = await entityAccount();
    const authenticator = newAuthenticator();
    const { factor } = (await enrol(who.headers, authenticator)).json();
    const remove = (password: string) =>
      call(t.app, endpoints.secondFactors.remove, {
        params: { id: factor._id },
        headers: who.headers,
        body: { password },
      });
    expectRefused(await remove('Wrong-Pass-1'), MSG.secondFactor.passwordWrong);
    const removed = await remove(who.password);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(MSG.secondFactor.passkeyRemoved);
    expect((await call(t.app, endpoints.secondFactors.list, { auth: who.headers })).json()).toEqual({
      factors: [],
      recoveryCodesLeft: 0,
    });
    expect((await login(who)).statusCode).toBe(200);
    await waitForMail(who.email, 'The passkey named "Work laptop" was removed');
  });

  it("goes with the administrator's reset, with the ceremonies under way", async () => {
    const who = await entityAccount();
    await enrol(who.headers, newAuthenticator());
    await call(t.app, endpoints.secondFactors.passkeyStart, { auth: who.headers });
    const admin = { authorization: (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization };
    const reset = await call(t.app, endpoints.secondFactors.reset, {
      params: { id: who.userId },
      headers: admin,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(who)).statusCode).toBe(200);
    const left = (await t.sql(
      `select (select count(*) from second_factors where user_id = '${who.userId}') +
              (select count(*) from webauthn_challenges where user_id = '${who.userId}') as n`,
    )) as { rows: { n: number | string }[] };
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});

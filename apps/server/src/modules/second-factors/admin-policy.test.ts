// Requiring a second factor of every admin: on by itself on a new install once an admin has enrolled,
// an administrator's choice after that (recorded); an admin without a factor is signed in to add one
// and to nothing else, and none can remove the last factor the policy requires; entity users are
// never asked; an install that had accounts before keeps its admins' sign-in until someone decides.
import { type Endpoint, endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose, type LooseOptions } from '../../../test/api-client.js';
import { createAdminUser, createEntityUser } from '../../../test/factories.js';
import { enrolTotp, useTotpClock } from '../../../test/second-factors.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { findPolicySetting, settlePolicyDefault } from './admin-policy.repository.js';

let t: TestApp;
// The first admin's session, taken before they enrol (then their sign-ins ask for the code).
let adminHeaders: Headers;
beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = { authorization: (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization };
});
afterAll(() => t.close());

const { nextStep } = useTotpClock();

const admin = async () => adminHeaders;
type Headers = { authorization: string };

function get<E extends Endpoint>(endpoint: E, headers: Headers, query?: LooseOptions['query']) {
  return callLoose(t.app, endpoint, { headers, query });
}
function setPolicy(headers: Headers, requiredForAdmins: boolean) {
  return call(t.app, endpoints.secondFactors.policyEdit, { headers, body: { requiredForAdmins } });
}
async function otherAdmin() {
  const user = await createAdminUser(t.db());
  return { email: user.email, password: user.password!, role: 'admin' as const };
}

describe('the requirement of a second factor for admins', () => {
  it('is off on a new install until the first admin enrols, then on by itself', async () => {
    const { authorization } = await admin();
    const before = await get(endpoints.secondFactors.policy, { authorization });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ requiredForAdmins: false });
    // Nobody enrolled: another admin signs in as before.
    const second = await signIn(t.app, await otherAdmin());
    expect(second.response.json().user.mustAddSecondFactor).toBeUndefined();

    await enrolTotp(t.app, { authorization }, 'Admin phone');
    expect((await get(endpoints.secondFactors.policy, { authorization })).json()).toEqual({
      requiredForAdmins: true,
    });
  });

  it('signs an admin without a factor in to add one and nothing else, until they have', async () => {
    const { authorization } = await admin();
    expect((await setPolicy({ authorization }, true)).json()).toEqual({ message: MSG.secondFactor.policyOn });
    const who = await otherAdmin();
    const signedIn = await signIn(t.app, who);
    expect(signedIn.response.json().user.mustAddSecondFactor).toBe(true);
    const headers = { authorization: signedIn.authorization };

    const me = await get(endpoints.auth.me, headers);
    expect(me.statusCode).toBe(200);
    expect(me.json().mustAddSecondFactor).toBe(true);
    for (const endpoint of [endpoints.activity.platform, endpoints.admins.list]) {
      const refused = await get(endpoint, headers);
      expect(refused.statusCode, endpoint.path).toBe(403);
      expect(refused.error().message).toBe(MSG.secondFactor.mustAdd);
    }
    expect((await get(endpoints.secondFactors.list, headers)).statusCode).toBe(200);
    // A passkey may be the factor they add.
    const passkey = await call(t.app, endpoints.secondFactors.passkeyStart, { headers });
    expect(passkey.statusCode).toBe(200);

    await enrolTotp(t.app, headers, 'New phone');
    // The next token opens everything: the web app takes it at once.
    const refreshed = await call(t.app, endpoints.auth.refresh, {
      cookies: { bt_refresh: signedIn.refreshCookie },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()!.user.mustAddSecondFactor).toBeUndefined();
    const opened = await get(endpoints.admins.list, {
      authorization: `Bearer ${refreshed.json()!.accessToken}`,
    });
    expect(opened.statusCode).toBe(200);
  });

  it('never restricts entity users', async () => {
    const { authorization } = await admin();
    await setPolicy({ authorization }, true);
    const user = await createEntityUser(t.db());
    const signedIn = await signIn(t.app, { email: user.email, password: user.password!, role: 'entity' });
    expect(signedIn.response.json().user.mustAddSecondFactor).toBeUndefined();
    expect((await get(endpoints.families.list, { authorization: signedIn.authorization })).statusCode).toBe(
      200,
    );
  });

  it('keeps the last factor of an admin while it is required, and lets a second one go', async () => {
    const { authorization } = await admin();
    await setPolicy({ authorization }, true);
    const who = await otherAdmin();
    const first = await signIn(t.app, who);
    const { factorId } = await enrolTotp(t.app, { authorization: first.authorization }, 'Only phone');
    const refreshed = await call(t.app, endpoints.auth.refresh, {
      cookies: { bt_refresh: first.refreshCookie },
    });
    const headers = { authorization: `Bearer ${refreshed.json()!.accessToken}` };
    const remove = (id: string) =>
      call(t.app, endpoints.secondFactors.remove, {
        params: { id: id },
        headers,
        body: { password: who.password },
      });
    const kept = await remove(factorId);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(MSG.secondFactor.lastFactorRequired);

    nextStep();
    nextStep();
    await enrolTotp(t.app, headers, 'Spare phone');
    const removed = await remove(factorId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(MSG.secondFactor.removed);
  });

  it('is the administrator’s to switch off, recorded in the platform activity', async () => {
    const { authorization } = await admin();
    const off = await setPolicy({ authorization }, false);
    expect(off.json()).toEqual({ message: MSG.secondFactor.policyOff });
    expect((await get(endpoints.secondFactors.policy, { authorization })).json()).toEqual({
      requiredForAdmins: false,
    });
    // Admins have enrolled by now, and the choice stands: off stays off.
    const second = await signIn(t.app, await otherAdmin());
    expect(second.response.json().user.mustAddSecondFactor).toBeUndefined();

    const activity = await get(endpoints.activity.platform, { authorization }, { kind: 'secondFactors' });
    const [latest] = activity.json().events;
    expect(latest).toMatchObject({
      action: 'platform.second_factor_policy',
      subject: MSG.secondFactor.policyStateOff,
    });
  });

  it('is for administrators only', async () => {
    const user = await createEntityUser(t.db());
    const { authorization } = await signIn(t.app, {
      email: user.email,
      password: user.password!,
      role: 'entity',
    });
    expect((await get(endpoints.secondFactors.policy, { authorization })).statusCode).toBe(403);
    expect((await setPolicy({ authorization }, true)).statusCode).toBe(403);
  });

  it('stays off on an install that had accounts before it existed, until an administrator decides', async () => {
    await t.sql(`delete from app_settings where key = 'admins_second_factor'`);
    await settlePolicyDefault(t.db());
    expect(await findPolicySetting(t.db())).toBe('optional');
    const { authorization } = await admin();
    expect((await get(endpoints.secondFactors.policy, { authorization })).json()).toEqual({
      requiredForAdmins: false,
    });
  });
});

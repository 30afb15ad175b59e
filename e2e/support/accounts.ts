// Accounts for e2e journeys, made through the API as an admin would make them (no database access):
// an admin creates the account, the invitation's code activates it, a password is set.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { AGENCY_PASSWORD, E2E_ADMIN } from './constants.js';
import { waitForMail } from './fixtures.js';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.local`;
}

export function codeIn(text: string): string {
  const match = /^([A-Z2-9]{6})$/m.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: 'admin' },
  });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()}`);
  return (await response.json()).accessToken;
}

/** Sets the first password of an invited account through the 406 → code → new-password steps. */
export async function activateViaApi(
  request: APIRequestContext,
  account: { email: string; role: 'admin' | 'entity'; password: string },
): Promise<void> {
  const login = await request.post('/api/auth/login', {
    data: { email: account.email, password: 'not-yet-set', role: account.role },
  });
  if (login.status() !== 406) throw new Error(`expected 406, got ${login.status()}`);
  const mail = await waitForMail(account.email, /activation code/);
  const validated = await request.post('/api/auth/password/validate', {
    data: {
      email: account.email,
      role: account.role,
      state: (await login.json()).state,
      code: codeIn(mail.text),
    },
  });
  const changed = await request.post('/api/auth/password/change', {
    data: {
      email: account.email,
      role: account.role,
      state: (await validated.json()).state,
      password: account.password,
    },
  });
  if (!changed.ok()) throw new Error(`activation failed: ${changed.status()} ${await changed.text()}`);
}

/** An agency as the admin's form sends it. */
export function agencyForm(name: string, email: string, coupon = '') {
  return {
    name,
    phone: '(555) 010-2000',
    address: '1 Main Street, Springfield',
    email,
    startContract: '2026-01-01',
    endContract: '2027-12-31',
    subtype: 'agency',
    coupon,
  };
}

/** A new agency created by the admin; not yet activated (no password). */
export async function createEntity(
  request: APIRequestContext,
  overrides: { name?: string; email?: string; coupon?: string } = {},
) {
  const token = await adminToken(request);
  const email = overrides.email ?? uniqueEmail('agency');
  const name = overrides.name ?? `Agency ${randomUUID().slice(0, 6)}`;
  const response = await request.post('/api/entity/create', {
    headers: { authorization: `Bearer ${token}` },
    data: agencyForm(name, email, overrides.coupon),
  });
  if (!response.ok()) throw new Error(`entity create failed: ${response.status()} ${await response.text()}`);
  return { name, email };
}

/** An active agency with a password, ready to sign in. */
export async function activeEntity(request: APIRequestContext, overrides: { name?: string } = {}) {
  const entity = await createEntity(request, overrides);
  const password = AGENCY_PASSWORD;
  await activateViaApi(request, { email: entity.email, role: 'entity', password });
  return { ...entity, password };
}

// Adding an authenticator app through the API, as the account settings do: start, then confirm with
// the app's current code.
import { endpoints, MSG } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { call } from './api-client.js';

/**
 * A clock the test moves (only Date is faked, and it keeps running): each test starts on a TOTP step
 * of its own, a few seconds in, since a code is good once per step. `nextStep()` moves on by one.
 */
export function useTotpClock() {
  let clock = Math.ceil(Date.now() / 30_000) * 30_000 + 3_000;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    clock += 2 * 30_000;
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return {
    nextStep() {
      clock += 30_000;
      vi.setSystemTime(clock);
    },
  };
}

/** The code an authenticator app with this secret shows now (on the test's clock). */
export const totpCodeNow = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** Adds an authenticator app named `name`; its secret, id and the recovery codes it brought. */
export async function enrolTotp(app: FastifyInstance, headers: { authorization: string }, name = 'Phone') {
  const started = await call(app, endpoints.secondFactors.totpStart, { headers });
  expect(started.statusCode).toBe(200);
  const { factorId, secret, uri } = started.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  const confirmed = await call(app, endpoints.secondFactors.totpConfirm, {
    headers,
    body: { factorId, code: await totpCodeNow(secret), name },
  });
  expect(confirmed.statusCode).toBe(200);
  const body = confirmed.json();
  expect(body.message).toBe(MSG.secondFactor.enrolled);
  return { secret, factorId, recoveryCodes: body.recoveryCodes };
}

// Adding an authenticator app through the API, as the account settings do: start, then confirm with
// the app's current code.
import { endpoints, MSG } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';

/** The code an authenticator app with this secret shows now (on the test's clock). */
export const totpCodeNow = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** Adds an authenticator app named `name`; its secret, id and the recovery codes it brought. */
export async function enrolTotp(app: FastifyInstance, headers: { authorization: string }, name = 'Phone') {
  const started = await app.inject({ method: 'POST', url: endpoints.secondFactors.totpStart.path, headers });
  if (started.statusCode !== 200) throw new Error(`start failed: ${started.statusCode} ${started.body}`);
  const { factorId, secret } = started.json() as { factorId: string; secret: string };
  const confirmed = await app.inject({
    method: 'POST',
    url: endpoints.secondFactors.totpConfirm.path,
    headers,
    payload: { factorId, code: await totpCodeNow(secret), name },
  });
  const body = confirmed.json() as { message: string; recoveryCodes: string[] | null };
  if (confirmed.statusCode !== 200 || body.message !== MSG.secondFactor.enrolled)
    throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, factorId, recoveryCodes: body.recoveryCodes };
}

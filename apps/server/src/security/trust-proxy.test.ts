// Behind the portal's TLS proxy, only that proxy is believed about the client's address: a client that
// writes its own X-Forwarded-For hops cannot pick the address its requests are limited by.
import { endpoints } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_AUTH_MAX: '3' }, { startWorkers: false });
});

afterAll(async () => {
  await t.close();
});

/** A sign-in attempt as the proxy passes it on: the client's own header, then the address it saw. */
function attemptThroughProxy(forged: string, seen: string) {
  return call(t.app, endpoints.auth.login, {
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': `${forged}, ${seen}` },
    body: { email: `nobody-${forged}@example.org`, password: 'wrong-password-1', role: 'entity' },
  });
}

describe('TRUST_PROXY', () => {
  it('limits a client by the address its proxy saw, whatever hops it forges before it', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i += 1)
      statuses.push((await attemptThroughProxy(`203.0.113.${i}`, '198.51.100.7')).statusCode);
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Another client behind the same proxy is counted apart.
    expect((await attemptThroughProxy('203.0.113.99', '198.51.100.8')).statusCode).not.toBe(429);
  });
});

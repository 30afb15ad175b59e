// Every answer carries the security headers — a malformed address's included — and one to a request
// that came over https (directly or through the trusted proxy) tells the browser to keep to https.
import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unknownApiPath } from '../../test/api-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' }, { startWorkers: false });
});
afterAll(() => t.close());

/** An address under the API whose percent-escape decodes to nothing. */
const malformed = unknownApiPath('%zz');

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1' });

describe('security headers', () => {
  it.each([malformed, '/%E0%A4%A', unknownApiPath('nothing-here'), endpoints.auth.me.path])(
    'are on the answer to %s',
    async (url) => {
      const answer = await get(url);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it('answer a malformed address with the catalogue’s message', async () => {
    const answer = await get(malformed);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: MSG.extra.invalidCharacters });
  });

  it('include HSTS over https through the trusted proxy, and not over plain http', async () => {
    const secure = await get(unknownApiPath('nothing-here'), { 'x-forwarded-proto': 'https' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect((await get(unknownApiPath('nothing-here'))).headers['strict-transport-security']).toBeUndefined();
    expect((await get('/login', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains',
    );
  });

  it('let the API documentation show its icons and styles, and nothing else run', async () => {
    const page = await get(endpoints.system.docs.path);
    expect(page.statusCode).toBe(200);
    const policy = directivesOf(page.headers['content-security-policy']);
    expect(policy['img-src']).toBe("'self' data:");
    expect(policy['style-src-attr']).toBe("'unsafe-inline'");
    expect(policy['style-src']).toBe("'self'");
    expect(policy['script-src']).toBe("'self'");
    expect(policy['script-src-attr']).toBe("'none'");
    // Any other answer keeps the plain policy.
    const other = directivesOf((await get(endpoints.auth.me.path)).headers['content-security-policy']);
    expect(other['img-src']).toBe("'self'");
    expect(other['style-src-attr']).toBeUndefined();
  });
});

function directivesOf(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

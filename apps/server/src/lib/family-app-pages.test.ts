// The families' app as the server serves it under /family: its page with this request's nonces at every
// address of the app, its files as built (the service worker allowed the app's addresses), a file of
// another build not found rather than answered with the page, and /family sent on to /family/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const dist = mkdtempSync(path.join(os.tmpdir(), 'bt-family-dist-'));

beforeAll(async () => {
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /></head><body>family app</body></html>',
  );
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log("family")');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Bridge Talk"}');
  t = await createTestApp({ FAMILY_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the families’ app under /family', () => {
  it('sends its page at every address of the app, with this request’s nonce', async () => {
    for (const url of [
      '/family/',
      '/family/sign-in?email=a%40b.test',
      `/family/conversations/${crypto.randomUUID()}`,
    ]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('family app');
      const policy = String(page.headers['content-security-policy']);
      const nonce = /style-src[^;]*'nonce-([0-9a-f]+)'/.exec(policy)?.[1];
      expect(nonce).toBeDefined();
      expect(page.body).toContain(`content="${nonce}"`);
    }
  });

  it('sends /family on to /family/, keeping the query', async () => {
    const moved = await t.app.inject({ url: '/family?email=a%40b.test' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/family/?email=a%40b.test');
  });

  it('serves its files as built; the service worker may govern the whole app', async () => {
    const script = await t.app.inject({ url: '/family/assets/index-abc.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await t.app.inject({ url: '/family/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['service-worker-allowed']).toBe('/family/');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/family/manifest.webmanifest' })).statusCode).toBe(200);
  });

  it('answers a file of another build 404, never with the page', async () => {
    const missing = await t.app.inject({ url: '/family/assets/index-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('family app');
  });
});

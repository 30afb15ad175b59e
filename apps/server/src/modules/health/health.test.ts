import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  callLoose,
  OPENAPI_DOCUMENT_PATH,
  testRoutePath,
  unknownApiPath,
} from '../../../test/api-client.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get(testRoutePath('boom'), async () => {
    throw new Error('secret internal detail');
  });
});
afterAll(() => t.close());

describe('system routes and the error handler', () => {
  it('answers /api/health and /api/ready', async () => {
    const health = await call(t.app, endpoints.system.health);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await call(t.app, endpoints.system.ready);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok', mail: 'ok' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ url: unknownApiPath('nothing-here') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MSG.extra.notFound });
  });

  it('turns a failed validation into 400 with per-field messages', async () => {
    const response = await call(t.app, endpoints.auth.login, {
      body: { email: 'not-an-email', password: '123', role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.error();
    expect(body.fields.email).toBe(MSG.validation.emailWrong);
    expect(body.fields.password).toBe(MSG.validation.passwordMin);
    expect(typeof body.message).toBe('string');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await callLoose(t.app, endpoints.auth.login, {
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('hides an unexpected error behind the generic message, without a stack', async () => {
    const response = await t.app.inject({ url: testRoutePath('boom') });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Error, Something went wrong.' });
    expect(response.body).not.toContain('secret internal detail');
    expect(t.logs.join('')).toContain('secret internal detail');
  });

  it('sends security headers and a request id', async () => {
    const response = await call(t.app, endpoints.system.health, {
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('trace-12345678');
    const generated = await call(t.app, endpoints.system.health);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives API answers the pages’ security headers without nonces, and the pages theirs', async () => {
    const page = await t.app.inject({ url: '/not-an-api-address' });
    const signedOut = await call(t.app, endpoints.auth.me);
    const health = await call(t.app, endpoints.system.health);
    expect(signedOut.statusCode).toBe(401);
    const pagePolicy = page.headers['content-security-policy'] as string;
    expect(pagePolicy).toMatch(/style-src 'self' 'nonce-[0-9a-f]{32}'/);
    // The same policy, nonces aside; and every other header helmet sets, with the same value.
    const withoutNonces = pagePolicy.replace(/ 'nonce-[0-9a-f]{32}'/g, '');
    for (const answer of [signedOut, health]) {
      expect(answer.headers['content-security-policy']).toBe(withoutNonces);
      for (const name of [
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(page.headers[name], name).toBeDefined();
        expect(answer.headers[name], name).toBe(page.headers[name]);
      }
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const response = await t.app.inject({ url: OPENAPI_DOCUMENT_PATH });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        endpoints.auth.login.path,
        endpoints.auth.me.path,
        endpoints.system.ready.path,
      ]),
    );
  });
});

describe('the pages and their content security policy', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'bt-web-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /><script nonce="__CSP_SCRIPT_NONCE__">start()</script></head><body></body></html>',
    );
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    web = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const nonceOf = (html: string) => /name="csp-nonce" content="([0-9a-f]{32})"/.exec(html)?.[1];
  const scriptNonceOf = (html: string) => /<script nonce="([0-9a-f]{32})">/.exec(html)?.[1];

  it('serves every page with a nonce of its own, in the policy and in the page — no inline style without it', async () => {
    const pages = await Promise.all(
      ['/', '/manage-families', '/index.html', '/verify/abc'].map((url) => web.app.inject({ url })),
    );
    const nonces = pages.map((page) => {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      const nonce = nonceOf(page.body);
      expect(nonce, page.body).toBeDefined();
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).not.toContain('unsafe-inline');
      // The page's one inline script (the early session restore) runs by its own nonce; no other can.
      const scriptNonce = scriptNonceOf(page.body);
      expect(scriptNonce, page.body).toBeDefined();
      expect(scriptNonce).not.toBe(nonce);
      expect(csp).toContain(`script-src 'self' 'nonce-${scriptNonce}'`);
      // Pictures and videos come from the portal alone: not data:, not blob:, not any https host.
      expect(csp).toContain("img-src 'self';");
      expect(csp).toContain("media-src 'self';");
      return nonce;
    });
    expect(new Set(nonces).size).toBe(pages.length);
    // The terms editor alone (TinyMCE needs inline styles) is served with them allowed, without a
    // nonce (which would make the browser ignore 'unsafe-inline'); its list page stays strict.
    const editor = await web.app.inject({ url: '/terms-conditions/new' });
    const editorCsp = editor.headers['content-security-policy'] as string;
    expect(editorCsp).toContain("style-src 'self' 'unsafe-inline';");
    expect(editorCsp).toContain("img-src 'self' data:;");
    expect(editorCsp).toContain(`script-src 'self' 'nonce-${scriptNonceOf(editor.body)}'`);
    const list = await web.app.inject({ url: '/terms-conditions' });
    expect(list.headers['content-security-policy']).not.toContain('unsafe-inline');
    const asset = await web.app.inject({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

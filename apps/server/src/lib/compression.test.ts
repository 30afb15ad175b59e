import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { endpoints } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../../../scripts/lib/precompress.mjs';
import { call, OPENAPI_DOCUMENT_PATH } from '../../test/api-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** What a browser sends, and what each is answered in. */
const BROWSERS = [
  { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
  { accept: 'gzip, deflate', encoding: 'gzip' },
  { accept: 'identity', encoding: undefined },
  { accept: undefined, encoding: undefined },
] as const;

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

const headersFor = (accept: string | undefined): Record<string, string> =>
  accept ? { 'accept-encoding': accept } : {};

let t: TestApp;
let dist: string;
const script = `${Array.from({ length: 400 }, (_, i) => `export const line${i} = 'script ${i}';`).join('\n')}\n`;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bt-web-compressed-'));
  const description = 'A page as the build writes it, long enough to be worth compressing. '.repeat(20);
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /><meta name="description" content="${description}" /></head><body></body></html>`,
  );
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app.js'), script);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const written = await precompressFiles(dist);
  expect(written.map((file) => file.file).sort()).toEqual([path.join('assets', 'app.js'), 'index.html']);
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app’s files, compressed by the build', () => {
  it('are sent as the copy the browser accepts, brotli first, each the file once decompressed', async () => {
    for (const { accept, encoding } of BROWSERS) {
      const answer = await t.app.inject({ url: '/assets/app.js', headers: headersFor(accept) });
      expect(answer.statusCode, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary, accept).toContain('accept-encoding');
      expect(answer.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(answer.rawPayload, encoding).toString(), accept).toBe(script);
    }
  });

  it('answers HEAD with the headers of the copy it would send, and a range of the file as it is', async () => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(
      readFileSync(path.join(dist, 'assets', 'app.js.br')).length,
    );
    expect(head.rawPayload).toHaveLength(0);

    const range = await t.app.inject({ url: '/assets/app.js', headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 0-99/${Buffer.byteLength(script)}`);
    expect(range.body).toBe(script.slice(0, 100));
  });

  it('sends a file too small to have copies as it is, never compressed per request', async () => {
    const answer = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
});

describe('answers compressed as they are sent', () => {
  it('sends the page of a deep link compressed as the browser accepts, with its own nonce', async () => {
    for (const { accept, encoding } of BROWSERS) {
      const page = await t.app.inject({ url: '/manage-families/x/details', headers: headersFor(accept) });
      expect(page.statusCode, accept).toBe(200);
      expect(page.headers['content-encoding'], accept).toBe(encoding);
      expect(page.headers.vary, accept).toBe('accept-encoding');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = decoded(page.rawPayload, encoding).toString();
      const nonce = /name="csp-nonce" content="([0-9a-f]{32})"/.exec(html)?.[1];
      expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/manage-families',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload).toHaveLength(0);
  });

  it('compresses a large JSON answer, the same once decompressed', async () => {
    const plain = await t.app.inject({ url: OPENAPI_DOCUMENT_PATH });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const { accept, encoding } of BROWSERS) {
      const answer = await t.app.inject({ url: OPENAPI_DOCUMENT_PATH, headers: headersFor(accept) });
      expect(answer.statusCode, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      if (encoding) {
        expect(answer.headers.vary, accept).toContain('accept-encoding');
        expect(answer.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 4);
      }
      expect(JSON.parse(decoded(answer.rawPayload, encoding).toString()), accept).toEqual(plain.json());
    }
  });

  it('leaves a small JSON answer as it is', async () => {
    const answer = await call(t.app, endpoints.system.health, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toEqual({ status: 'ok' });
  });
});

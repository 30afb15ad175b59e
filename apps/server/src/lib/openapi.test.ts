// The API description the portal serves at /api/docs: every operation named by its contract key,
// its credential stated from its guard (and matching the permission matrix), and Redocly's recommended
// rules passing, with each exception named here with its reason.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { endpoints } from '@bridge-talk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPENAPI_DOCUMENT_PATH } from '../../test/api-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PERMISSION_MATRIX } from '../security/permission-matrix.js';

const require = createRequire(import.meta.url);
const redocly = require.resolve('@redocly/cli/bin/cli.js');

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}
interface Description {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** What Redocly's recommended rules may say of this description, and why each is right as it is. */
const JUSTIFIED: Record<string, string> = {
  'info-license /info': 'the portal’s own API, not published under a licence',
  'operation-4xx-response system.health': 'answers 200 to anyone, whatever is asked',
  'operation-4xx-response system.ready': 'answers 200 or 503 (a dependency is down), never a 4xx',
  'operation-4xx-response auth.logout': 'ends the session it is given if any, and always answers 200',
  'operation-2xx-response conversations.attachment':
    'its 200 and 206 are the file’s bytes; only refusals are JSON',
  'operation-2xx-response chat.attachment': 'its 200 and 206 are the file’s bytes; only refusals are JSON',
  'operation-2xx-response agreements.report': 'its 200 is a CSV or PDF file; only refusals are JSON',
  'operation-2xx-response agreements.summaryFile': 'its 200 is a CSV file; only refusals are JSON',
  'operation-2xx-response agreements.document':
    'its 200 is the signed agreement’s bytes; only refusals are JSON',
  'operation-2xx-response chat.events': 'its 200 is a server-sent event stream; only refusals are JSON',
  'operation-2xx-response conversations.events':
    'its 200 is a server-sent event stream; only refusals are JSON',
  'operation-4xx-response chat.signOut': 'ends the session it is given if any, and always answers 200',
};

let t: TestApp;
let description: Description;
const dir = mkdtempSync(path.join(tmpdir(), 'bt-openapi-'));

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ url: OPENAPI_DOCUMENT_PATH });
  expect(response.statusCode).toBe(200);
  description = response.json();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(description.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  );

it('names every operation by its contract key, each once', () => {
  const keys = Object.entries(endpoints).flatMap(([area, entries]) =>
    Object.keys(entries).map((name) => `${area}.${name}`),
  );
  const ids = operations().map(({ operation }) => operation.operationId);
  expect(new Set(ids).size).toBe(ids.length);
  // Every operation comes from the contract. Not operations: the description's own pages, and the
  // webhooks of providers this app does not use (Stripe's and Stream's, registered with them).
  expect(ids.filter((id) => !keys.includes(id ?? ''))).toEqual([]);
  expect(keys.filter((key) => !ids.includes(key)).sort()).toEqual([
    'payments.stripeWebhook',
    'reports.streamWebhook',
    'system.docs',
  ]);
  expect(operations().find(({ url }) => url === endpoints.families.list.path)?.operation.operationId).toBe(
    'families.list',
  );
});

it('states the credential of every operation from its guard, as the permission matrix calls it', () => {
  const wrong = operations().flatMap(({ method, url, operation }) => {
    const row = PERMISSION_MATRIX[`${method} ${url.replace(/\{(\w+)\}/g, ':$1')}`];
    if (!row) return [`${method} ${url}: not in the permission matrix`];
    const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)).sort();
    // Signed-in callers only: an anonymous caller is refused 401 on that route.
    const signedIn = row.anonymous === '401';
    const expected = !signedIn
      ? []
      : row.member !== '401' && row.member !== '403'
        ? row.admin === '401' || row.admin === '403'
          ? ['memberToken']
          : ['bearer', 'memberToken']
        : ['bearer'];
    const accepted = schemes.filter((scheme) => scheme !== 'mediaAccess');
    return JSON.stringify(accepted) === JSON.stringify(expected)
      ? []
      : [`${method} ${url}: ${JSON.stringify(schemes)}, expected ${JSON.stringify(expected)}`];
  });
  expect(wrong).toEqual([]);
  // An attachment's address also takes its channel's media token in the query.
  const attachment = Object.entries(description.paths).find(([url]) => url.includes('/attachments/'));
  expect(attachment?.[1].get?.security).toEqual([{ bearer: [] }, { mediaAccess: [] }]);
  expect(description.servers).toEqual([{ url: '/' }]);
});

it("passes Redocly's recommended rules, but for the exceptions named with their reasons", async () => {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(description));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [redocly, 'lint', file, '--extends', 'recommended', '--format', 'json', '--max-problems', '1000'],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as {
    problems: { ruleId: string; location: { pointer: string }[] }[];
  };
  // A problem is named by its rule and the operation it is about (or the description's part).
  const named = report.problems.map(({ ruleId, location }) => {
    const pointer = location[0]?.pointer ?? '';
    const match = /^#\/paths\/([^/]+)\/(\w+)/.exec(pointer);
    const operation = match
      ? description.paths[match[1]!.replaceAll('~1', '/')]?.[match[2]!]?.operationId
      : undefined;
    return `${ruleId} ${operation ?? pointer.slice(1)}`;
  });
  expect(named.filter((problem) => !(problem in JUSTIFIED))).toEqual([]);
  expect(named.sort()).toEqual(Object.keys(JUSTIFIED).sort());
}, 60_000);

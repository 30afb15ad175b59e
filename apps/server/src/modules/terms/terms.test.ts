import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import { createAdminUser, createEntityUser } from '../../../test/factories.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { sanitizeTermsHtml } from './terms-html.js';

let t: TestApp;
let admin: string;
let entityToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
  const entity = await createEntityUser(t.db());
  entityToken = (await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' }))
    .authorization;
});
afterAll(() => t.close());

const save = (content: string, authorization = admin, document: 'terms' | 'privacy' = 'terms') =>
  call(t.app, endpoints.terms.create, {
    auth: authorization,
    body: { title: MSG.terms.defaultTitle, content, document },
  });

async function adminName(): Promise<string> {
  const { rows } = (await t.sql(
    `select first_name || ' ' || last_name as name from users where email = '${TEST_ADMIN.email}'`,
  )) as { rows: { name: string }[] };
  return rows[0]!.name;
}

describe('before any terms exist', () => {
  it('GET /api/term/last answers null (not an error: a fresh portal has none), to anyone', async () => {
    for (const authorization of [null, admin, entityToken]) {
      const response = await call(t.app, endpoints.terms.last, { auth: authorization });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBeNull();
    }
  });
});

describe('permissions', () => {
  it('POST /api/term/create and GET /api/term/list/{id}: 401 without a session, 403 to an entity', async () => {
    const routes = [
      (auth: string | null) =>
        call(t.app, endpoints.terms.create, { auth, body: { title: 'Term 1', content: '<p>x</p>' } }),
      (auth: string | null) =>
        call(t.app, endpoints.terms.byId, { auth, params: { id: '00000000-0000-4000-8000-000000000000' } }),
    ];
    for (const route of routes) {
      const anonymous = await route(null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: MSG.extra.sessionExpired });
      const asEntity = await route(entityToken);
      expect(asEntity.statusCode).toBe(403);
      expect(asEntity.json()).toEqual({ message: MSG.extra.forbidden });
    }
    // Neither refused call saved anything.
    expect((await call(t.app, endpoints.terms.last)).json()).toBeNull();
  });
});

describe('saving versions', () => {
  it('keeps every version, numbers them 1, 2, 3 and serves the latest publicly', async () => {
    const first = await save('<p>First terms</p>');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      _id: expect.any(String),
      document: 'terms',
      content: '<p>First terms</p>',
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      author: await adminName(),
      unchanged: false,
    });
    const second = await save('<h2>Second</h2><p>terms</p>');
    expect(second.json().version).toBe(2);
    const third = await call(t.app, endpoints.terms.create, {
      auth: admin,
      body: { content: '<p>Third, title left out</p>' },
    });
    expect(third.statusCode).toBe(201);
    expect(third.json().version).toBe(3);

    const last = await call(t.app, endpoints.terms.last);
    expect(last.statusCode).toBe(200);
    const { unchanged: _third, ...thirdAsRead } = third.json();
    expect(last.json()).toEqual(thirdAsRead);

    // Earlier versions are still there, and each can be read by id (the editor starts from one).
    const old = await call(t.app, endpoints.terms.byId, { params: { id: first.json()._id }, auth: admin });
    const { unchanged: _first, ...firstAsRead } = first.json();
    expect(old.json()).toEqual(firstAsRead);

    const rows = (await t.sql('select title, version from terms order by version')) as {
      rows: { title: string; version: number }[];
    };
    expect(rows.rows).toEqual([
      { title: 'Term 1', version: 1 },
      { title: 'Term 1', version: 2 },
      { title: 'Term 1', version: 3 },
    ]);
  });

  it('answers a version stored with inline styles (before the classes) with the classes that show them', async () => {
    await t.sql(
      `insert into terms (title, content, version, created_by)
       select 'Term 1', '<p style="text-align:center"><span style="background-color:#c2e0f4">Old</span></p>', max(version) + 1,
              (select created_by from terms limit 1) from terms`,
    );
    const last = await call(t.app, endpoints.terms.last);
    expect(last.statusCode).toBe(200);
    expect(last.json()!.content).toBe(
      '<p class="tx-align-center"><span class="tx-bg-light-blue">Old</span></p>',
    );
    const byId = await call(t.app, endpoints.terms.byId, { params: { id: last.json()!._id }, auth: admin });
    expect(byId.json()!.content).toBe(last.json()!.content);
  });

  it('gives simultaneous saves distinct versions', async () => {
    const responses = await Promise.all([save('<p>a</p>'), save('<p>b</p>'), save('<p>c</p>')]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const versions = responses.map((r) => r.json().version).sort();
    expect(new Set(versions).size).toBe(3);
  });

  it('sanitises the html before it is stored', async () => {
    const dirty =
      '<p onclick="steal()">Hello <img src=x onerror="alert(1)"><script>alert(2)</script>' +
      '<a href="javascript:alert(3)">bad</a> <a href="https://example.org" target="_blank">good</a></p>' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';
    const saved = await save(dirty);
    expect(saved.statusCode).toBe(201);
    const content = saved.json().content;
    expect(content).toBe(
      '<p>Hello <a>bad</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer">good</a></p>',
    );
    expect((await call(t.app, endpoints.terms.last)).json()!.content).toBe(content);
  });

  it('refuses an empty editor with its message (400): no text, empty paragraphs, spaces, or only what sanitising removes', async () => {
    const before = (await call(t.app, endpoints.terms.last)).json();
    for (const content of [
      '',
      '   ',
      '<p></p>',
      '<p>&nbsp;</p>\n<p><br></p><p> &#160; </p>',
      '<h2> </h2><ul><li></li></ul><p>\u200b</p>',
      '<!-- nothing --><p><strong></strong></p>',
      '<p><img src="x" onerror="alert(1)"></p>',
      '<script>alert(1)</script>',
    ]) {
      const refused = await save(content);
      expect(refused.statusCode, JSON.stringify(content)).toBe(400);
      expect(refused.json()).toEqual({
        message: MSG.extra.termsEmpty,
        fields: { content: MSG.extra.termsEmpty },
      });
    }
    expect((await call(t.app, endpoints.terms.last)).json()).toEqual(before);
  });

  it('answers 404 for an unknown version and 400 for a body without content', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await call(t.app, endpoints.terms.byId, { params: { id }, auth: admin });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MSG.extra.notFound });
    }
    const missing = await callLoose(t.app, endpoints.terms.create, {
      auth: admin,
      body: { title: 'Term 1' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<400>().fields!)).toEqual(['content']);
  });
});

describe('sanitizeTermsHtml', () => {
  it('keeps what the editor produces, its formatting as the classes the pages’ policy allows (no style attribute)', () => {
    const html =
      '<h1>Terms</h1><p style="text-align: center;">Centred <strong>bold</strong> <em>italic</em> ' +
      '<span style="background-color: #fbeeb8;">marked</span> <span style="color: rgb(224, 62, 45);">red</span> ' +
      '<span style="text-decoration: underline;">under</span></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>two</li></ol><p style="padding-left: 80px;">indented</p>' +
      '<blockquote>quote</blockquote><pre>pre</pre><a href="mailto:team@example.org">mail</a>';
    expect(sanitizeTermsHtml(html)).toBe(
      '<h1>Terms</h1><p class="tx-align-center">Centred <strong>bold</strong> <em>italic</em> ' +
        '<span class="tx-bg-light-yellow">marked</span> <span class="tx-fg-red">red</span> ' +
        '<span class="tx-underline">under</span></p>' +
        '<ul><li>one</li></ul><ol start="3"><li>two</li></ol><p class="tx-indent-2">indented</p>' +
        '<blockquote>quote</blockquote><pre>pre</pre><a href="mailto:team@example.org">mail</a>',
    );
  });

  it('keeps its own classes (a version read again is unchanged), and a style wins over a class of its kind', () => {
    const mapped =
      '<p class="tx-align-right tx-indent-1"><span class="tx-bg-green tx-underline tx-line-through">x</span></p>';
    expect(sanitizeTermsHtml(mapped)).toBe(mapped);
    expect(sanitizeTermsHtml('<p class="tx-align-right other" style="text-align:left">x</p>')).toBe(
      '<p class="tx-align-left">x</p>',
    );
  });

  it('gives a colour outside the palette the nearest palette colour, and drops fonts, sizes and line height', () => {
    expect(
      sanitizeTermsHtml(
        '<p style="font-family: Comic Sans MS; font-size: 36pt; line-height: 3; background-color: #fff0b0">' +
          '<span style="color: red; font-size: 8px">a</span><span style="background-color: transparent">b</span></p>',
      ),
    ).toBe('<p class="tx-bg-light-yellow"><span class="tx-fg-red">a</span><span>b</span></p>');
  });

  it('drops styles, classes and attributes outside the allow-list', () => {
    expect(
      sanitizeTermsHtml(
        '<p style="position:fixed;top:0;background-color:#000" class="x" id="y">x</p>' +
          '<span style="background-image:url(javascript:alert(1))">y</span>' +
          '<p style="text-align:expression(alert(1))">z</p>',
      ),
    ).toBe('<p class="tx-bg-black">x</p><span>y</span><p>z</p>');
  });

  it('removes every way to run script', () => {
    for (const dirty of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)></svg>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<object data="x.swf"></object>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<p><iframe srcdoc="<script>alert(1)</script>"></iframe></p>',
    ]) {
      const clean = sanitizeTermsHtml(dirty);
      expect(clean, dirty).not.toMatch(/<script|onerror|onload|javascript:|data:|<iframe|<object|<img|<svg/i);
    }
  });
});

describe('a save that changes nothing', () => {
  it('answers the version in force (200, unchanged) and saves no version: the same text, or one that differs only by what sanitising removes', async () => {
    const saved = await save('<p>Stable terms</p>');
    expect(saved.statusCode).toBe(201);
    const countBefore = ((await t.sql(`select count(*)::int as n from terms`)) as { rows: { n: number }[] })
      .rows[0]!.n;
    for (const content of [
      '<p>Stable terms</p>',
      '<p onclick="steal()">Stable terms</p><script>x()</script>',
    ]) {
      const again = await save(content);
      expect(again.statusCode, content).toBe(200);
      expect(again.json()).toEqual({ ...saved.json(), unchanged: true });
    }
    const countAfter = ((await t.sql(`select count(*)::int as n from terms`)) as { rows: { n: number }[] })
      .rows[0]!.n;
    expect(countAfter).toBe(countBefore);
    // A real change is a new version again.
    const changed = await save('<p>Stable terms, amended</p>');
    expect(changed.statusCode).toBe(201);
    expect(changed.json().version).toBe(saved.json().version + 1);
  });
});

describe('versions and the privacy policy', () => {
  it('lists every version of the terms newest first, with date and author, to admins only', async () => {
    const listed = await call(t.app, endpoints.terms.versions, { auth: admin });
    expect(listed.statusCode).toBe(200);
    const versions = listed.json().versions;
    expect(versions.length).toBeGreaterThan(3);
    expect(versions.map((v) => v.version)).toEqual([...versions.map((v) => v.version)].sort((a, b) => b - a));
    expect(versions[0]).toEqual({
      _id: (await call(t.app, endpoints.terms.last)).json()!._id,
      document: 'terms',
      version: expect.any(Number),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      author: await adminName(),
    });
    expect(versions[0]).not.toHaveProperty('content');
    expect((await call(t.app, endpoints.terms.versions)).statusCode).toBe(401);
    expect((await call(t.app, endpoints.terms.versions, { auth: entityToken })).statusCode).toBe(403);
  });

  it('keeps the privacy policy beside the terms: its own versions from 1, its own latest, public', async () => {
    const termsBefore = (await call(t.app, endpoints.terms.last)).json();
    expect((await call(t.app, endpoints.terms.last, { query: { document: 'privacy' } })).json()).toBeNull();
    expect(
      (await call(t.app, endpoints.terms.versions, { query: { document: 'privacy' }, auth: admin })).json(),
    ).toEqual({
      versions: [],
    });

    const first = await save('<p>We keep your data safe.</p>', admin, 'privacy');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ document: 'privacy', version: 1, unchanged: false });
    const second = await save('<p>We keep your data safer.</p>', admin, 'privacy');
    expect(second.json()).toMatchObject({ document: 'privacy', version: 2 });
    // The terms' text saved as the privacy policy is a change of the privacy policy, not of the terms.
    const same = await save(termsBefore!.content, admin, 'privacy');
    expect(same.statusCode).toBe(201);

    const latest = await call(t.app, endpoints.terms.last, { query: { document: 'privacy' } });
    expect(latest.json()).toMatchObject({ document: 'privacy', version: 3, content: termsBefore!.content });
    expect((await call(t.app, endpoints.terms.last)).json()).toEqual(termsBefore);
    expect((await call(t.app, endpoints.terms.last, { query: { document: 'terms' } })).json()).toEqual(
      termsBefore,
    );
    const versions = (
      await call(t.app, endpoints.terms.versions, { query: { document: 'privacy' }, auth: admin })
    ).json().versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    // An earlier version reads by id, read-only, whatever its document.
    const old = await call(t.app, endpoints.terms.byId, { params: { id: first.json()._id }, auth: admin });
    expect(old.json()).toMatchObject({
      document: 'privacy',
      version: 1,
      content: '<p>We keep your data safe.</p>',
    });
    expect(
      (await callLoose(t.app, endpoints.terms.last, { query: { document: 'cookies' } })).statusCode,
    ).toBe(400);
  });

  it('names no author once the administrator who saved a version is removed', async () => {
    const other = await createAdminUser(t.db());
    const otherToken = (await signIn(t.app, { email: other.email, password: other.password!, role: 'admin' }))
      .authorization;
    const saved = await save('<p>Saved by someone who leaves</p>', otherToken, 'privacy');
    expect(saved.json().author).toBe(other.name);
    const removed = await call(t.app, endpoints.admins.remove, { params: { id: other.userId }, auth: admin });
    expect(removed.statusCode).toBe(200);
    const read = await call(t.app, endpoints.terms.byId, { params: { id: saved.json()._id }, auth: admin });
    expect(read.json().author).toBeNull();
  });
});

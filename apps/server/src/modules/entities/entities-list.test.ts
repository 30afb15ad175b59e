// The entity list at scale: 10 000 entities, paginated, searched and sorted in SQL.
import { endpoints, entityStatusLabel } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLoose } from '../../../test/api-client.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';

const COUNT = 10_000;
const STATUSES = ['active', 'pending', 'disabled', 'inactive'] as const;

interface Seeded {
  name: string;
  email: string;
  status: (typeof STATUSES)[number];
}

/** The rows the SQL below inserts, computed the same way, to compare with what the API answers. */
function seeded(): Seeded[] {
  return Array.from({ length: COUNT }, (_, index) => {
    const i = index + 1;
    const n = String(i).padStart(5, '0');
    return {
      // Every 250th name carries 'Needle'; every 400th e-mail carries 'NEEDLE' (every 2000th both).
      name: `${i % 250 === 0 ? 'Needle ' : ''}Entity ${n}`,
      email: `${i % 400 === 0 ? 'NEEDLE.' : ''}bulk-${n}@bulk.test`,
      status: STATUSES[i % 4]!,
    };
  });
}

let t: TestApp;
let admin: string;
const rows = seeded();

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
  await t.sql(`
    insert into entities (name, email, phone, address, subtype, status, start_contract, end_contract)
    select
      case when i % 250 = 0 then 'Needle ' else '' end || 'Entity ' || lpad(i::text, 5, '0'),
      case when i % 400 = 0 then 'NEEDLE.' else '' end || 'bulk-' || lpad(i::text, 5, '0') || '@bulk.test',
      '(555) 010-2000', 'Bulk Street', 'agency',
      (array['active', 'pending', 'disabled', 'inactive'])[i % 4 + 1],
      '2026-01-01', '2027-01-01'
    from generate_series(1, ${COUNT}) as i
  `);
}, 120_000);
afterAll(() => t.close());

async function list(query: string) {
  // The query as written (`page=2&pageSize=…`), sent as it is.
  const response = await callLoose(t.app, endpoints.entities.list, { query, auth: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const byName = (a: Seeded, b: Seeded) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1);

describe('GET /api/entity/list with 10 000 entities', () => {
  it('counts them all and pages through them by name, ten at a time', async () => {
    const expected = [...rows].sort(byName);
    const first = await list('');
    expect(first).toMatchObject({ total: COUNT, page: 1, pageSize: 10 });
    expect(first.result.map((e) => e.name)).toEqual(expected.slice(0, 10).map((e) => e.name));

    const middle = await list('page=537');
    expect(middle.result.map((e) => e.email)).toEqual(expected.slice(5360, 5370).map((e) => e.email));

    const last = await list(`page=${COUNT / 10}`);
    expect(last.result.map((e) => e.name)).toEqual(expected.slice(-10).map((e) => e.name));

    const beyond = await list(`page=${COUNT / 10 + 1}`);
    expect(beyond).toMatchObject({ total: COUNT, result: [] });
  });

  it('visits every entity exactly once across the pages', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= COUNT / 100; page++) {
      const { result } = await list(`page=${page}&pageSize=100`);
      expect(result).toHaveLength(100);
      for (const entity of result) seen.add(entity._id);
    }
    expect(seen.size).toBe(COUNT);
  });

  it('searches name or e-mail, whatever the case, and pages the matches', async () => {
    const matches = rows
      .filter((e) => e.name.toLowerCase().includes('needle') || e.email.toLowerCase().includes('needle'))
      .sort(byName);
    // 40 names + 25 e-mails - 5 rows with both.
    expect(matches).toHaveLength(60);

    const page1 = await list('search=nEeDlE');
    expect(page1.total).toBe(60);
    expect(page1.result.map((e) => e.name)).toEqual(matches.slice(0, 10).map((e) => e.name));
    const page6 = await list('search=NEEDLE&page=6');
    expect(page6.result.map((e) => e.name)).toEqual(matches.slice(50).map((e) => e.name));

    const one = await list('search=bulk-04242@BULK.test');
    expect(one.total).toBe(1);
    expect(one.result[0]).toMatchObject({ name: 'Entity 04242', status: 'disabled', active: false });

    expect((await list('search=no-such-entity')).total).toBe(0);
  });

  it('sorts by status (Active, Disabled, Pending) ascending and descending, across pages', async () => {
    const count = (label: string) => rows.filter((e) => entityStatusLabel(e.status) === label).length;
    expect(count('Active')).toBe(2500);

    const asc = await list('sort=asc');
    expect(asc.total).toBe(COUNT);
    expect(asc.result.every((e) => e.status === 'active')).toBe(true);
    const expectedActive = rows.filter((e) => e.status === 'active').sort(byName);
    expect(asc.result.map((e) => e.name)).toEqual(expectedActive.slice(0, 10).map((e) => e.name));

    // Page 250 ends the active entities; page 251 starts the disabled ones.
    const edge = await list('sort=asc&page=250&pageSize=10');
    expect(edge.result.every((e) => e.status === 'active')).toBe(true);
    const after = await list('sort=asc&page=251&pageSize=10');
    expect(after.result.every((e) => entityStatusLabel(e.status) === 'Disabled')).toBe(true);

    const desc = await list('sort=desc');
    expect(desc.result.every((e) => e.status === 'pending')).toBe(true);
    const lastDesc = await list(`sort=desc&page=${COUNT / 10}`);
    expect(lastDesc.result.every((e) => e.status === 'active')).toBe(true);
  });

  it('sorts the search results by status too', async () => {
    const { result, total } = await list('search=needle&sort=desc&pageSize=100');
    expect(total).toBe(60);
    const labels = result.map((e) => entityStatusLabel(e.status));
    const order = ['Pending', 'Disabled', 'Active'];
    const ranks = labels.map((label) => order.indexOf(label));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

// Last: it adds entities to the 10 000 the tests above count.
describe('the order of names', () => {
  it("reads numbers as numbers: 'Spam Bot 2' before 'Spam Bot 10'", async () => {
    await t.sql(`
      insert into entities (name, email, phone, address, subtype, status, start_contract, end_contract)
      select name, lower(replace(name, ' ', '.')) || '@natural.test', '(555) 010-2000', 'Bulk Street',
        'lawyer', 'active', '2026-01-01', '2027-01-01'
      from unnest(array['Spam Bot 10', 'spam bot 2', 'Spam Bot 1', 'Spam Bot 100', 'Spam Bot 02b']) as name
    `);
    const { result } = await list('search=natural.test');
    expect(result.map((e) => e.name)).toEqual([
      'Spam Bot 1',
      'spam bot 2',
      'Spam Bot 02b',
      'Spam Bot 10',
      'Spam Bot 100',
    ]);
  });
});

describe('the entity list’s total, kept by the database', () => {
  it('follows entities added and removed in bulk, and the unsearched page does not count them', async () => {
    const before = (await list('page=1')).total;
    await t.sql(`
      insert into entities (name, email, subtype, status)
      select 'Count ' || i, 'count-' || i || '@count.test', 'agency', 'active' from generate_series(1, 30) as i`);
    expect((await list('page=1')).total).toBe(before + 30);
    await t.sql(`delete from entities where email like 'count-%@count.test' and name <> 'Count 1'`);
    expect((await list('page=1')).total).toBe(before + 1);
    // The count is the one row kept: it is what counting every entity says.
    const counted = (await t.sql(
      'select (select n from entity_count) as kept, (select count(*)::int from entities) as counted',
    )) as {
      rows: { kept: number; counted: number }[];
    };
    expect(counted.rows[0]!.kept).toBe(counted.rows[0]!.counted);
    // And the page reads it rather than counting: a kept count set apart shows through, then is put back.
    await t.sql('update entity_count set n = n + 1000');
    expect((await list('page=1')).total).toBe(before + 1001);
    expect((await list('page=1&search=Count 1')).total).toBe(1);
    await t.sql('update entity_count set n = n - 1000');
  });
});

// The admin list at scale: 25 admins among 10 000 people of entities, paginated in SQL by name.
import { ADMIN_PHONE_PLACEHOLDER, type AdminListResponse, endpoints } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLoose, withKey } from '../../../test/api-client.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';

const ENTITY_USERS = 10_000;
/** Inserted admins; the start-up admin (TEST_ADMIN) makes one more. */
const INSERTED_ADMINS = 24;
const ADMINS = INSERTED_ADMINS + 1;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
  await t.sql(`
    insert into entities (name, email, phone, address, subtype, status, start_contract, end_contract)
    values ('Bulk Agency', 'bulk-agency@bulk.test', '(555) 010-2000', 'Bulk Street', 'agency', 'active',
      '2026-01-01', '2027-01-01')
  `);
  // People of an entity whose names sort before, among and after the admins' ('Aaron', 'Admin', 'Zed'),
  // so a missing role filter would show up on every page.
  await t.sql(`
    insert into users (email, first_name, last_name, role, subtype, entity_id, status)
    select
      'person-' || lpad(i::text, 5, '0') || '@bulk.test',
      (array['Aaron', 'Admin', 'Zed'])[i % 3 + 1],
      'Person ' || lpad(i::text, 5, '0'),
      'entity',
      (array['agency', 'lawyer'])[i % 2 + 1],
      (select id from entities where email = 'bulk-agency@bulk.test'),
      'active'
    from generate_series(1, ${ENTITY_USERS}) as i
  `);
  // Admins: every third shares the very same name, so only the id keeps their order stable across pages.
  await t.sql(`
    insert into users (email, first_name, last_name, role, subtype, status)
    select
      'bulk-admin-' || lpad(i::text, 2, '0') || '@bulk.test',
      case when i % 3 = 0 then 'Admin' else (array['ada', 'Bea', 'cleo', 'Dora'])[i % 4 + 1] end,
      case when i % 3 = 0 then 'Twin' else 'Keeper ' || lpad(i::text, 2, '0') end,
      'admin', 'admin', 'active'
    from generate_series(1, ${INSERTED_ADMINS}) as i
  `);
}, 120_000);
afterAll(() => t.close());

async function list(query: string): Promise<AdminListResponse> {
  // The query as written (`page=2&pageSize=…`), sent as it is.
  const response = await callLoose(t.app, endpoints.admins.list, { query, auth: admin });
  expect(response.statusCode, response.body).toBe(200);
  return withKey(response.json(), 'result');
}

async function countOf(where: string): Promise<number> {
  const result = (await t.sql(`select count(*)::int as n from users where ${where}`)) as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

/** Walks every page of the given size and returns the admins in the order the API served them. */
async function walk(pageSize: number) {
  const served: AdminListResponse['result'] = [];
  const pages = Math.ceil(ADMINS / pageSize);
  for (let page = 1; page <= pages; page++) {
    const answer = await list(`page=${page}&pageSize=${pageSize}`);
    expect(answer).toMatchObject({ total: ADMINS, page, pageSize });
    expect(answer.result).toHaveLength(page < pages ? pageSize : ADMINS - pageSize * (pages - 1));
    served.push(...answer.result);
  }
  return served;
}

describe('GET /api/admin/users/list with 25 admins among 10 000 people of entities', () => {
  it('the data is what the test means: 10 000 entity people and 25 admins', async () => {
    expect(await countOf(`role = 'entity'`)).toBe(ENTITY_USERS);
    expect(await countOf(`role = 'admin'`)).toBe(ADMINS);
  });

  it('counts the admins only', async () => {
    const first = await list('page=1');
    expect(first).toMatchObject({ total: ADMINS, page: 1, pageSize: 10 });
    expect(first.result).toHaveLength(10);
  });

  it('visits each admin exactly once across the pages of ten, in name order, and no entity person', async () => {
    const served = await walk(10);
    const ids = served.map((a) => a._id);
    expect(new Set(ids).size).toBe(ADMINS);

    const emails = served.map((a) => a.email).sort();
    const expected = [
      TEST_ADMIN.email,
      ...Array.from(
        { length: INSERTED_ADMINS },
        (_, i) => `bulk-admin-${String(i + 1).padStart(2, '0')}@bulk.test`,
      ),
    ].sort();
    expect(emails).toEqual(expected);
    expect(served.some((a) => a.email.startsWith('person-'))).toBe(false);
    for (const item of served) {
      expect(item).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        email: expect.any(String),
        subtype: 'admin',
        phone: ADMIN_PHONE_PLACEHOLDER,
      });
    }

    const names = served.map((a) => a.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(served.filter((a) => a.name === 'Admin Twin')).toHaveLength(INSERTED_ADMINS / 3);
  });

  it('serves the same admins in the same order whatever the page size', async () => {
    const byTen = (await walk(10)).map((a) => a._id);
    expect((await walk(7)).map((a) => a._id)).toEqual(byTen);
    expect((await walk(1)).map((a) => a._id)).toEqual(byTen);
    const all = await list(`page=1&pageSize=100`);
    expect(all.result.map((a) => a._id)).toEqual(byTen);
  });

  it('answers pages past the end empty, with the same total', async () => {
    for (const page of [4, 5, 1_000, 1_000_000]) {
      expect(await list(`page=${page}`), `page ${page}`).toEqual({
        result: [],
        total: ADMINS,
        page,
        pageSize: 10,
      });
    }
    expect(await list('page=2&pageSize=25')).toMatchObject({ result: [], total: ADMINS });
  });
});

// The families list at scale: 100 000 families of one entity, paginated, searched and sorted in SQL.
// The rows are inserted in bulk with generate_series; the expected answers are computed the same way.

import { endpoints } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLoose } from '../../../test/api-client.js';
import { createEntityUser, createFamily } from '../../../test/factories.js';
import { type PlanNode, planOf } from '../../../test/query-plans.js';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';
import { familyPage, walkedPage } from './families.repository.js';

const COUNT = 100_000;

interface Seeded {
  i: number;
  name: string;
  active: boolean;
  paymentEmail: string | null;
  memberEmail: string | null;
}

/**
 * The families the SQL below inserts: every 7th has payment details; 'needle' is in every 1000th
 * name, every 700th payment e-mail and the e-mail of a member of every 900th family.
 */
function seeded(): Seeded[] {
  return Array.from({ length: COUNT }, (_, index) => {
    const i = index + 1;
    const n = String(i).padStart(6, '0');
    return {
      i,
      name: `Child ${n}${i % 1000 === 0 ? ' Needle' : ''}`,
      active: i % 5 !== 0,
      paymentEmail: i % 7 === 0 ? `payer-${n}${i % 700 === 0 ? '.NEEDLE' : ''}@bulk.test` : null,
      memberEmail: i % 900 === 0 ? `needle-member-${n}@family.test` : null,
    };
  });
}

let t: TestApp;
let token: string;
let entityId: string;
const rows = seeded();
/** Newest first: the list's order without a sort. */
const newestFirst = [...rows].reverse();

beforeAll(async () => {
  t = await createTestApp();
  const entity = await createEntityUser(t.db());
  entityId = entity.entityId;
  token = (await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' }))
    .authorization;
  // Another entity's family that matches every search: it must never be counted.
  const other = await createEntityUser(t.db());
  await createFamily(t.db(), {
    entityId: other.entityId,
    name: 'Child Needle',
    paymentEmail: 'needle@other.test',
  });

  await t.sql(`
    insert into groups (entity_id, name, child_first_name, child_last_name, active, created_at, updated_at)
    select '${entity.entityId}',
      'Child ' || lpad(i::text, 6, '0') || case when i % 1000 = 0 then ' Needle' else '' end,
      'Child', lpad(i::text, 6, '0'),
      i % 5 <> 0,
      timestamptz '2026-01-01 00:00:00+00' + i * interval '1 second',
      now()
    from generate_series(1, ${COUNT}) as i
  `);
  await t.sql(`
    insert into billing_information (group_id, card_name, address, city, state, zip, email, phone,
      card_brand, card_last4, card_exp_month, card_exp_year, provider_customer_id, provider_payment_method_id)
    select g.id, 'Pat Payer', '1 Main Street', 'Springfield', 'IL', '62701',
      'payer-' || g.child_last_name || case when g.child_last_name::int % 700 = 0 then '.NEEDLE' else '' end || '@bulk.test',
      '(555) 010-2000', 'visa', '4242', 12, 2099, 'cus_bulk', 'pm_bulk'
    from groups g where g.entity_id = '${entity.entityId}' and g.child_last_name::int % 7 = 0
  `);
  await t.sql(`
    with people as (
      insert into family_members (email, first_name, last_name)
      select 'needle-member-' || lpad(i::text, 6, '0') || '@family.test', 'Bea', lpad(i::text, 6, '0')
      from generate_series(900, ${COUNT}, 900) as i
      returning id, last_name
    )
    insert into group_members (group_id, member_id, role, position)
    select g.id, p.id, 'birth_family', 1
    from people p join groups g on g.entity_id = '${entity.entityId}' and g.child_last_name = p.last_name
  `);
  await t.sql('analyze');
}, 120_000);
afterAll(() => t.close());

async function list(query: string) {
  // The query as written (`page=2&pageSize=…`), sent as it is.
  const response = await callLoose(t.app, endpoints.families.list, { query, auth: token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/group/list with 100 000 families', () => {
  it('counts them and pages through them newest first', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: COUNT, page: 1, pageSize: 10 });
    expect(first.result.map((g) => g.name)).toEqual(newestFirst.slice(0, 10).map((r) => r.name));
    expect(first.result[0]).toMatchObject({
      active: newestFirst[0]!.active,
      reports: false,
      billingInformation: null,
    });
    const paying = newestFirst.findIndex((r) => r.paymentEmail !== null);
    expect(first.result[paying]?.billingInformation).toEqual({ email: newestFirst[paying]!.paymentEmail });

    const middle = await list('page=4321');
    expect(middle.result.map((g) => g.name)).toEqual(newestFirst.slice(43_200, 43_210).map((r) => r.name));

    const last = await list(`page=${COUNT / 10}`);
    expect(last.result.map((g) => g.name)).toEqual(newestFirst.slice(-10).map((r) => r.name));

    const big = await list('page=7&pageSize=100');
    expect(big.result.map((g) => g.name)).toEqual(newestFirst.slice(600, 700).map((r) => r.name));

    // Past the last page: no family, and still the count.
    expect(await list(`page=${COUNT / 10 + 1}`)).toMatchObject({ result: [], total: COUNT });
  });

  it('searches the child’s name, the payment e-mail and members’ e-mails, and pages the matches', async () => {
    const matches = newestFirst.filter(
      (r) =>
        r.name.toLowerCase().includes('needle') ||
        (r.paymentEmail ?? '').toLowerCase().includes('needle') ||
        (r.memberEmail ?? '').includes('needle'),
    );
    // 100 names + 142 payment e-mails + 111 members, less the families in two or three of those.
    expect(matches).toHaveLength(314);

    const page1 = await list('search=NeEdLe');
    expect(page1.total).toBe(314);
    expect(page1.result.map((g) => g.name)).toEqual(matches.slice(0, 10).map((r) => r.name));
    const page32 = await list('search=needle&page=32');
    expect(page32.result.map((g) => g.name)).toEqual(matches.slice(310).map((r) => r.name));
    expect(await list('search=needle&page=33')).toMatchObject({ result: [], total: 314 });
    expect(await list('search=no-such-family')).toMatchObject({ result: [], total: 0 });

    const byPayment = await list('search=payer-004200.needle@BULK.test');
    expect(byPayment.result.map((g) => g.name)).toEqual(['Child 004200']);
    const byMember = await list('search=needle-member-081000@family.test');
    expect(byMember.result.map((g) => g.name)).toEqual(['Child 081000 Needle']);
  });

  it('counts a common search up to 500, says more match, and pages the newest 500 by walking the list', async () => {
    // 'payer-' is in the payment e-mail of every 7th family: 14 285 matches.
    const matches = newestFirst.filter((r) => r.paymentEmail !== null);
    const first = await list('search=PAYER-');
    expect(first).toMatchObject({ total: 500, moreThanTotal: true, page: 1, pageSize: 10 });
    expect(first.result.map((g) => g.name)).toEqual(matches.slice(0, 10).map((r) => r.name));
    expect(first.result[0]!.billingInformation).toEqual({ email: matches[0]!.paymentEmail });
    const last = await list('search=payer-&page=50');
    expect(last.result.map((g) => g.name)).toEqual(matches.slice(490, 500).map((r) => r.name));
    // A page that would straddle the limit stops at it; past it, nothing.
    const straddling = await list('search=payer-&page=17&pageSize=30');
    expect(straddling.result.map((g) => g.name)).toEqual(matches.slice(480, 500).map((r) => r.name));
    expect(await list('search=payer-&page=51')).toMatchObject({
      result: [],
      total: 500,
      moreThanTotal: true,
    });
    const activeFirst = [...matches.filter((r) => r.active), ...matches.filter((r) => !r.active)];
    const sorted = await list('search=payer-&sort=asc');
    expect(sorted.result.map((g) => g.name)).toEqual(activeFirst.slice(0, 10).map((r) => r.name));
    // Under the limit, the count is exact.
    expect(await list('search=needle')).toMatchObject({ total: 314, moreThanTotal: false });
    expect(await list('')).toMatchObject({ total: COUNT, moreThanTotal: false });

    // The page walks the entity's families newest first: about 7 read for each one shown, no sort.
    const nodes = await planOf(
      t.db(),
      walkedPage(t.db(), entityId, { search: 'payer-' }, { limit: 10, offset: 0 }).toSQL(),
    );
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    const walk = nodes.find((node) => node['Index Name'] === 'groups_entity_created_idx');
    expect(walk, JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name']]))).toBeDefined();
    expect((walk as unknown as Record<string, number>)['Rows Removed by Filter']).toBeLessThanOrEqual(100);
  });

  it('sorts by status both ways, across pages, searched or not', async () => {
    const activeFirst = [...newestFirst.filter((r) => r.active), ...newestFirst.filter((r) => !r.active)];
    const asc = await list('sort=asc');
    expect(asc.total).toBe(COUNT);
    expect(asc.result.map((g) => g.name)).toEqual(activeFirst.slice(0, 10).map((r) => r.name));
    // 80 000 active families: page 8001 starts the inactive ones.
    const after = await list('sort=asc&page=8001');
    expect(after.result.map((g) => g.name)).toEqual(activeFirst.slice(80_000, 80_010).map((r) => r.name));

    const desc = await list('sort=desc');
    expect(desc.result.every((g) => !g.active)).toBe(true);

    const searched = await list('search=needle&sort=desc&pageSize=100');
    const flags = searched.result.map((g) => g.active);
    expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
  });

  it('reads payment e-mails for the page only, not for every match', async () => {
    // 'Child' matches all 100 000 families; 14 286 of them have payment details.
    const nodes = await searchPlan('child');
    // Looked up by its key once for each of the page's 10 families: no scan of the table, no hash of it.
    const billing = nodes.filter((node) => node['Relation Name'] === 'billing_information');
    expect(billing.map((node) => node['Node Type'])).toEqual(['Index Scan']);
    expect(billing[0]!['Actual Loops']).toBeLessThanOrEqual(10);
  });

  it("joins a deep page's payment e-mails and asks its '!' for its own rows only, not the skipped ones", async () => {
    const nodes = await planOf(
      t.db(),
      familyPage(t.db(), entityId, { search: '', page: 8001, pageSize: 10 }).toSQL(),
    );
    for (const table of ['billing_information', 'message_reports']) {
      const lookups = nodes.filter((node) => node['Relation Name'] === table);
      expect(lookups.length, table).toBeGreaterThan(0);
      for (const node of lookups) expect(node['Actual Loops'], table).toBeLessThanOrEqual(10);
    }
  });

  it('finds the matches with one index condition on the entity and the search', async () => {
    const nodes = await searchPlan('needle');
    // Not the trigram matches of every entity ANDed with the entity's families, nor filtered after.
    const scans = nodes.filter((node) => node['Node Type'] === 'Bitmap Index Scan');
    expect(scans.map((node) => node['Index Name'])).toEqual(['groups_entity_search_trgm_idx']);
    // A case-sensitive LIKE of the lower-cased search (the search text is kept lower-case).
    expect(scans[0]!['Index Cond']).toMatch(/\(entity_id = .+\) AND \(search_text ~~ '%needle%'::text\)/);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('BitmapAnd');
  });

  it('walks an index in status order for a sorted page, both ways, instead of sorting every family', async () => {
    for (const [sort, index] of [
      ['asc', 'groups_entity_active_created_idx'],
      ['desc', 'groups_entity_inactive_first_idx'],
    ] as const) {
      const nodes = await planOf(
        t.db(),
        familyPage(t.db(), entityId, { search: '', page: 2, pageSize: 10, sort }).toSQL(),
      );
      const groupsScans = nodes.filter((node) => node['Relation Name'] === 'groups');
      expect(groupsScans.map((node) => node['Index Name'])).toEqual([index]);
      // Only the page's rows and those it skips are read: not the 100 000.
      const read = nodes.find((node) => node['Index Name'] === index)!;
      expect(read['Actual Rows']).toBeLessThanOrEqual(20);
    }
  });
});

/** Every node of the executed plan of a searched first page (EXPLAIN ANALYZE). */
function searchPlan(search: string): Promise<PlanNode[]> {
  return planOf(t.db(), familyPage(t.db(), entityId, { search, page: 1, pageSize: 10 }).toSQL());
}

describe("an entity's total", () => {
  it('follows its families added, removed and moved to another entity, whatever writes them', async () => {
    const entity = await createEntityUser(t.db());
    const other = await createEntityUser(t.db());
    const auth = (await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' }))
      .authorization;
    const total = async () => {
      const response = await callLoose(t.app, endpoints.families.list, { query: '', auth });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().total;
    };
    expect(await total()).toBe(0);
    const families: string[] = [];
    for (const name of ['Ada One', 'Ada Two', 'Ada Three']) {
      families.push((await createFamily(t.db(), { entityId: entity.entityId, name })).groupId);
    }
    expect(await total()).toBe(3);
    await t.sql(`delete from groups where id = '${families[0]}'`);
    expect(await total()).toBe(2);
    await t.sql(`update groups set entity_id = '${other.entityId}' where id = '${families[1]}'`);
    expect(await total()).toBe(1);
    // A change that keeps the entity changes nothing.
    await t.sql(`update groups set entity_id = entity_id, name = 'Ada Renamed' where id = '${families[2]}'`);
    expect(await total()).toBe(1);
    const counts = (await t.sql(
      `select e.family_count as kept, (select count(*)::int from groups g where g.entity_id = e.id) as counted
       from entities e where e.id in ('${entity.entityId}', '${other.entityId}') order by e.id`,
    )) as { rows: { kept: number; counted: number }[] };
    expect(counts.rows).toHaveLength(2);
    for (const row of counts.rows) expect(row.kept).toBe(row.counted);
  });
});

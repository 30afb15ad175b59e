// A family's activity when its agency has many families and other agencies a few each: the page reads the family by its primary key,
// not the entity's index of all its families, also in the plan a prepared statement settles on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityUser, createFamily } from '../../../test/factories.js';
import { genericPlanOf } from '../../../test/query-plans.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { familyActivityPage, findFamilyActivity } from './activity.repository.js';

const FAMILIES = 3000;
let t: TestApp;
let entityId: string;
let groupId: string;

beforeAll(async () => {
  t = await createTestApp({}, { startWorkers: false });
  entityId = (await createEntityUser(t.db())).entityId;
  ({ groupId } = await createFamily(t.db(), { entityId, name: 'Busy Family' }));
  await t.sql(`
    insert into groups (entity_id, name, created_at)
    select '${entityId}', 'Family ' || n, timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, ${FAMILIES}) as n`);
  // A thousand other agencies with a family and an event each: to the planner, an agency has a few
  // families and a family a few events.
  await t.sql(`
    insert into entities (name, email, subtype, status)
    select 'Agency ' || n, 'agency' || n || '@plan.test', 'agency', 'active' from generate_series(1, 1000) as n`);
  await t.sql(`
    insert into groups (entity_id, name)
    select id, 'Their family' from entities where email like '%@plan.test'`);
  await t.sql(`
    insert into audit_events (entity_id, group_id, action, actor_email)
    select entity_id, id, 'family.created', 'erin@agency.test' from groups where name = 'Their family'`);
  await t.sql(`
    insert into audit_events (entity_id, group_id, action, actor_email, created_at)
    select '${entityId}', '${groupId}', 'conversation.viewed', 'erin@agency.test',
      timestamptz '2026-02-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, 500) as n`);
  await t.sql('vacuum analyze groups');
  await t.sql('analyze audit_events');
}, 60_000);
afterAll(() => t.close());

describe("a family's activity among 3 000 families of its entity", () => {
  it('pages the family’s events, newest first, and none to another entity', async () => {
    const page = await findFamilyActivity(t.db(), entityId, groupId, { page: 2, pageSize: 20 });
    expect(page.total).toBe(500);
    expect(page.rows).toHaveLength(20);
    const stranger = (await createEntityUser(t.db())).entityId;
    expect(await findFamilyActivity(t.db(), stranger, groupId, { page: 1, pageSize: 20 })).toEqual({
      rows: [],
      total: 0,
    });
  });

  it('finds the family by its primary key in the generic plan, not by walking the entity’s families', async () => {
    const statement = familyActivityPage(t.db(), { groupId, entityId, limit: 20, offset: 380 }).toSQL();
    const nodes = await genericPlanOf(t.db(), statement);
    const families = nodes.filter((n) => n['Relation Name'] === 'groups');
    expect(
      families.map((n) => n['Index Name']),
      JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name']])),
    ).toEqual(['groups_pkey']);
    expect(families[0]!['Actual Rows']).toBe(1);
  });
});

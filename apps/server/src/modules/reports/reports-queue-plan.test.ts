// The reports queue with thousands of reports: a page is a walk of the queue's index in the page's own
// order (open first, newest first), joined for its own rows only, not a sort of every report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityUser, createFamily } from '../../../test/factories.js';
import { planOf } from '../../../test/query-plans.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { findReports, reportPage } from './reports.repository.js';

const COUNT = 4000;
let t: TestApp;
let entityId: string;

beforeAll(async () => {
  t = await createTestApp({}, { startWorkers: false });
  entityId = (await createEntityUser(t.db())).entityId;
  const { groupId } = await createFamily(t.db(), { entityId, name: 'Queue Family' });
  await t.sql(`
    insert into message_reports (entity_id, group_id, channel_id, message_id, reported_by_id, reported_by_name,
      reported_at, excerpt, state)
    select '${entityId}', '${groupId}', 'channel', 'message-' || n, 'member', 'Pat Reporter',
      timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute', 'Message ' || n,
      case when n % 3 = 0 then 'open' else 'reviewed' end
    from generate_series(1, ${COUNT}) as n`);
  await t.sql('analyze message_reports');
}, 60_000);
afterAll(() => t.close());

describe('the reports queue with 4 000 reports', () => {
  it('pages open ones first, newest first, and counts them all', async () => {
    const first = await findReports(t.db(), entityId, { state: 'all', page: 1 });
    expect(first.total).toBe(COUNT);
    expect(first.rows).toHaveLength(25);
    expect(first.rows.every((r) => r.state === 'open')).toBe(true);
    const times = first.rows.map((r) => r.reportedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // One report in three is open.
    const reviewed = await findReports(t.db(), entityId, { state: 'reviewed', page: 2 });
    expect(reviewed.total).toBe(COUNT - Math.floor(COUNT / 3));
    expect(reviewed.rows.every((r) => r.state === 'reviewed')).toBe(true);
  });

  it('walks message_reports_queue_order_idx for a page instead of sorting every report', async () => {
    for (const state of ['all', 'open'] as const) {
      const nodes = await planOf(t.db(), reportPage(t.db(), entityId, { state, page: 2 }).toSQL());
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
      const walk = nodes.find((n) => n['Index Name'] === 'message_reports_queue_order_idx');
      expect(walk, JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name']]))).toBeDefined();
      // The page and the page it skips: 50 rows, not 4 000.
      expect(walk!['Actual Rows']).toBeLessThanOrEqual(50);
    }
  });
});

// The upgrade that brought the reports queue: reports the local provider held before it (chat_flags)
// are in the queue afterwards, open and already announced, so nobody is mailed about an old report.
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationIndex, migrationsCutter } from '../../test/migrations.js';
import { migrationsFolder } from './client.js';

const cutter = migrationsCutter();
afterAll(() => cutter.remove());

it('puts the reports made before the reports queue into it, open and already announced', async () => {
  // The migrations as they were before it.
  const before = cutter.upTo(migrationIndex('_caseworkers_desk'));

  const client = new PGlite({ extensions: { pg_trgm, btree_gin } });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into entities (id, name, email, subtype, status)
        values ('00000000-0000-4000-8000-000000000001', 'Open Arms', 'open@arms.test', 'agency', 'active');
      insert into groups (id, entity_id, name)
        values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Robin Lee');
      insert into chat_users (id, name) values ('parent', 'Pat Parent'), ('birth', 'Bea Birth');
      insert into chat_channels (id, group_id, number, key)
        values ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', 2, 'birth');
      insert into chat_messages (id, channel_id, user_id, html, created_at)
        values ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000003', 'birth',
                '<p>I will come &amp; <b>take</b> Robin</p><p>Second line</p>', '2026-03-01T10:00:00Z');
      insert into chat_flags (message_id, channel_id, user_id, reason, created_at)
        values ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000003', 'parent',
                'threat', '2026-03-02T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder });
    const { rows } = await client.query(
      `select entity_id, group_id, channel_id, channel_number, message_id, reported_by_id, reported_by_name,
              reason, reported_at = '2026-03-02T10:00:00Z' as at_the_report, excerpt, state,
              alerted_at is not null as announced
         from message_reports`,
    );
    expect(rows).toEqual([
      {
        entity_id: '00000000-0000-4000-8000-000000000001',
        group_id: '00000000-0000-4000-8000-000000000002',
        channel_id: '00000000-0000-4000-8000-000000000003',
        channel_number: 2,
        message_id: '00000000-0000-4000-8000-000000000004',
        reported_by_id: 'parent',
        reported_by_name: 'Pat Parent',
        reason: 'threat',
        at_the_report: true,
        excerpt: 'I will come & take Robin',
        state: 'open',
        announced: true,
      },
    ]);
  } finally {
    await client.close();
  }
}, 60_000);

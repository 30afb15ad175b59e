// The upgrade that gave each family its own names of its people: the names the families hold at the
// upgrade are kept for their conversations, a member who had left keeps the name their family's syncs
// wrote, and reports already in the queue are named by their own family, not by another entity.
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

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

it("keeps each family's names of its people, and names the reports already mirrored by their own family", async () => {
  // The migrations as they were before it.
  const before = cutter.upTo(migrationIndex('_per_family_names'));

  const client = new PGlite({ extensions: { pg_trgm, btree_gin } });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    // Entity A's family (1) holds Pat and Beatrice; entity B's (2) holds Quinn and named Beatrice its
    // own way, and its sync was the last: the one chat user name is B's. Dana left A's family (1).
    await client.exec(`
      insert into entities (id, name, email, subtype, status) values
        ('${id(1)}', 'Agency A', 'a@agency.test', 'agency', 'active'),
        ('${id(2)}', 'Agency B', 'b@agency.test', 'agency', 'active');
      insert into groups (id, entity_id, name) values ('${id(11)}', '${id(1)}', 'Ash'), ('${id(12)}', '${id(2)}', 'Birch');
      insert into family_members (id, email, first_name, last_name) values
        ('${id(21)}', 'pat@family.test', 'Pat', 'Ash'),
        ('${id(22)}', 'bea@family.test', 'Beatrice', 'Ash'),
        ('${id(23)}', 'quinn@family.test', 'Quinn', 'Birch'),
        ('${id(24)}', 'dana@family.test', 'Dana', 'Old');
      insert into group_members (group_id, member_id, role, position, first_name, last_name) values
        ('${id(11)}', '${id(21)}', 'adoptive_parent', 1, null, null),
        ('${id(11)}', '${id(22)}', 'birth_family', 1, null, null),
        ('${id(12)}', '${id(23)}', 'adoptive_parent', 1, null, null),
        ('${id(12)}', '${id(22)}', 'birth_family', 1, 'Bee', 'Bramble');
      insert into chat_users (id, name) values
        ('${id(21)}', 'Pat Ash'), ('${id(22)}', 'Bee Bramble'), ('${id(23)}', 'Quinn Birch'), ('${id(24)}', 'Dana Renamed');
      insert into chat_channels (id, group_id, number, key) values ('${id(31)}', '${id(11)}', 1, '${id(22)}');
      insert into chat_channel_members (channel_id, user_id, role, permission) values
        ('${id(31)}', '${id(21)}', 'adoptive_parent', 'write'), ('${id(31)}', '${id(22)}', 'birth_family', 'write');
      insert into chat_messages (id, channel_id, user_id, html) values
        ('${id(41)}', '${id(31)}', '${id(22)}', '<p>hello</p>'),
        ('${id(42)}', '${id(31)}', '${id(24)}', '<p>from before</p>');
      insert into message_reports (entity_id, group_id, channel_id, message_id, reported_by_id, reported_by_name,
                                   author_name, reported_at) values
        ('${id(1)}', '${id(11)}', '${id(31)}', '${id(41)}', '${id(21)}', 'Pat Ash', 'Bee Bramble', now()),
        ('${id(1)}', '${id(11)}', '${id(31)}', '${id(42)}', '${id(22)}', 'Bee Bramble', 'Dana Renamed', now());
    `);
    await migrate(db, { migrationsFolder });

    const names = await client.query(
      `select group_id, member_id, concat_ws(' ', nullif(first_name, ''), nullif(last_name, '')) as name
         from family_member_names order by group_id, member_id`,
    );
    expect(names.rows).toEqual([
      { group_id: id(11), member_id: id(21), name: 'Pat Ash' },
      { group_id: id(11), member_id: id(22), name: 'Beatrice Ash' },
      { group_id: id(11), member_id: id(24), name: 'Dana Renamed' },
      { group_id: id(12), member_id: id(22), name: 'Bee Bramble' },
      { group_id: id(12), member_id: id(23), name: 'Quinn Birch' },
    ]);
    const reports = await client.query(
      'select message_id, reported_by_name, author_name from message_reports order by message_id',
    );
    expect(reports.rows).toEqual([
      { message_id: id(41), reported_by_name: 'Pat Ash', author_name: 'Beatrice Ash' },
      { message_id: id(42), reported_by_name: 'Beatrice Ash', author_name: 'Dana Renamed' },
    ]);
    const users = await client.query(`select name from chat_users where id = '${id(22)}'`);
    expect(users.rows).toEqual([{ name: 'Beatrice Ash' }]);
  } finally {
    await client.close();
  }
}, 60_000);

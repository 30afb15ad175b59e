// Upgrades: every shipped migration runs on a database as the release before it left it, with rows in
// every table that release had, and loses none of them; today's code then reads every row of every
// table. Made-up rows (test-support/migrations.ts) cover the tables of migrations yet to be written;
// the migrations that move data have their own tests beside this one, on realistic rows.
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getTableName, is } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminConnectionString, createEmptyDatabase } from '../../test/databases.js';
import { fillTables, migrationsCutter, rowCounts, type Sql } from '../../test/migrations.js';
import { shippedMigrations } from './backup-database.js';
import * as baseSchema from './schema.js';
import * as agreementsSchema from './schema-agreements.js';
import * as billingSchema from './schema-billing.js';
import * as chatSchema from './schema-chat.js';
import * as deskSchema from './schema-desk.js';
import * as familiesSchema from './schema-families.js';

const cutter = migrationsCutter();
afterAll(() => cutter.remove());

const todaysTables: PgTable[] = Object.values({
  ...baseSchema,
  ...agreementsSchema,
  ...billingSchema,
  ...chatSchema,
  ...deskSchema,
  ...familiesSchema,
}).flatMap((value) => (is(value, PgTable) ? [value as PgTable] : []));

interface Backend {
  sql: Sql;
  /** Runs the migrations in `folder` that the database has not run. */
  migrate(folder: string): Promise<void>;
  /** Every row of `table`, read by today's query builder. */
  readAll(table: PgTable): Promise<unknown[]>;
  close(): Promise<void>;
}

async function pgliteBackend(): Promise<Backend> {
  const client = new PGlite({ extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite(client);
  return {
    sql: async (text, params) => (await client.query(text, params)).rows as never,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    readAll: (table) => db.select().from(table),
    close: () => client.close(),
  };
}

async function postgresBackend(): Promise<Backend> {
  const database = await createEmptyDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const db = drizzlePg(client);
  return {
    sql: async (text, params) => (await client.query(text, params)).rows,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    readAll: (table) => db.select().from(table),
    async close() {
      await client.end();
      await database.drop();
    },
  };
}

const backends: [string, () => Promise<Backend>][] = [['PGlite', pgliteBackend]];
if (adminConnectionString()) backends.push(['PostgreSQL', postgresBackend]);

describe.each(backends)('upgrading on %s', (_name, open) => {
  it("runs each migration over rows in every table of the release before it, loses none, and today's code reads them", async () => {
    const tags = shippedMigrations();
    const backend = await open();
    try {
      let before: Record<string, number> = {};
      for (let count = 1; count <= tags.length; count += 1) {
        const tag = tags[count - 1];
        await backend.migrate(cutter.upTo(count));
        const after = await rowCounts(backend.sql);
        const lost = Object.entries(before)
          .filter(([table, rows]) => (after[table] ?? 0) < rows)
          .map(([table, rows]) => `${table}: ${rows} → ${after[table] ?? 'dropped'}`);
        expect({ tag, lost }).toEqual({ tag, lost: [] });
        // The release that ends with this migration, with data in each of its tables.
        await fillTables(
          backend.sql,
          Object.keys(after).filter((table) => after[table] === 0),
        );
        before = await rowCounts(backend.sql);
        const empty = Object.keys(before).filter((table) => before[table] === 0);
        expect({ tag, empty }).toEqual({ tag, empty: [] });
      }

      const [migrated] = await backend.sql<{ applied: number }>(
        'select count(*)::int as applied from drizzle.__drizzle_migrations',
      );
      expect(migrated?.applied).toBe(tags.length);
      // Today's schema in code names the same tables, and reads every row the releases left.
      expect(todaysTables.map((table) => getTableName(table)).sort()).toEqual(Object.keys(before).sort());
      for (const table of todaysTables)
        expect({ table: getTableName(table), rows: (await backend.readAll(table)).length }).toEqual({
          table: getTableName(table),
          rows: before[getTableName(table)],
        });
    } finally {
      await backend.close();
    }
  }, 120_000);
});

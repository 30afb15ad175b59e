// A database as an earlier release left it: the shipped migrations cut after the first N (drizzle's
// migrator runs what its journal lists), and rows made up for any table from the catalogue alone, so a
// migration is always met by data — including the tables of migrations written after this file.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shippedMigrations } from '../src/db/backup-database.js';
import { migrationsFolder } from '../src/db/client.js';

/** The position of the shipped migration whose tag ends with `suffix` (`_per_family_names`). */
export function migrationIndex(suffix: string): number {
  const index = shippedMigrations().findIndex((tag) => tag.endsWith(suffix));
  if (index < 0) throw new Error(`no shipped migration ends with ${suffix}`);
  return index;
}

/** Folders of the shipped migrations cut after the first N; `remove` deletes every one made. */
export function migrationsCutter() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bt-migrations-'));
  const journalFile = (folder: string) => path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile(migrationsFolder), 'utf8')) as { entries: unknown[] };
  return {
    /** A folder holding the first `count` shipped migrations. */
    upTo(count: number): string {
      const folder = path.join(root, String(count));
      cpSync(migrationsFolder, folder, { recursive: true });
      writeFileSync(
        journalFile(folder),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
      );
      return folder;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Runs a statement and answers its rows. */
export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

interface Column {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

interface ForeignKey {
  columns: string[];
  table: string;
  references: string[];
}

/** The application's tables now, each with its row count. */
export async function rowCounts(sql: Sql): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>(
    `select c.relname as name from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await sql<{ n: number }>(`select count(*)::int as n from "${name}"`);
    counts[name] = row!.n;
  }
  return counts;
}

async function columnsOf(sql: Sql, table: string): Promise<Column[]> {
  return sql<Column>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            not a.attnotnull as nullable, a.atthasdef as "hasDefault"
       from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = '' and a.attidentity = ''
      order by a.attnum`,
    [`public."${table}"`],
  );
}

async function foreignKeysOf(sql: Sql, table: string): Promise<ForeignKey[]> {
  return sql<ForeignKey>(
    `select array(select attname from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute on attrelid = c.conrelid and attnum = k.n order by k.i)::text[] as columns,
            c.confrelid::regclass::text as table,
            array(select attname from unnest(c.confkey) with ordinality k(n, i)
                    join pg_attribute on attrelid = c.confrelid and attnum = k.n order by k.i)::text[] as references
       from pg_constraint c
      where c.conrelid = $1::regclass and c.contype = 'f'`,
    [`public."${table}"`],
  );
}

/** The first value a check of the form `col = ANY (ARRAY['a'::text, …])` or `col IN (…)` allows. */
async function allowedValues(sql: Sql, table: string): Promise<Map<string, string>> {
  const checks = await sql<{ definition: string }>(
    `select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = $1::regclass and contype = 'c'`,
    [`public."${table}"`],
  );
  const allowed = new Map<string, string>();
  for (const { definition } of checks) {
    const match = /\(+"?(\w+)"?\)?(?:::text)? = ANY \(+ARRAY\['((?:[^']|'')*)'/.exec(definition);
    if (match) allowed.set(match[1]!, match[2]!.replaceAll("''", "'"));
  }
  return allowed;
}

/** A value of `type` for a column named `name` (an e-mail where the name says so). */
function madeUpValue(table: string, column: Column, serial: number): unknown {
  const type = column.type.replace(/\(.*\)/, '');
  if (type.endsWith('[]')) return '{}';
  switch (type) {
    case 'uuid':
      return randomUUID();
    case 'boolean':
      return false;
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'numeric':
    case 'real':
    case 'double precision':
      return 1;
    case 'date':
      return '2026-01-15';
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return '2026-01-15T10:00:00Z';
    case 'json':
    case 'jsonb':
      return '{}';
    case 'bytea':
      return Buffer.from([serial % 256]);
    case 'inet':
      return '127.0.0.1';
    default:
      if (/email/.test(column.name)) return `${table}.${serial}@earlier.test`;
      return `${table} ${column.name} ${serial}`;
  }
}

let serial = 0;

/**
 * Adds one row of made-up values to each of `tables` (empty, or missing a row): a value for every
 * column a row needs, and for the optional ones where the row accepts it; foreign keys point at a row
 * of the table referred to (filled first).
 */
export async function fillTables(sql: Sql, tables: string[]): Promise<void> {
  const pending = new Set(tables);
  const keysOf = new Map<string, ForeignKey[]>();
  for (const table of tables) keysOf.set(table, await foreignKeysOf(sql, table));
  for (let round = 0; pending.size > 0 && round <= tables.length; round += 1) {
    for (const table of [...pending]) {
      const keys = keysOf.get(table)!;
      // Filled after the tables it refers to (a table referring to itself leaves that key empty).
      if (keys.some((key) => key.table !== table && pending.has(key.table.replaceAll('"', '')))) continue;
      await fillTable(sql, table, keys);
      pending.delete(table);
    }
  }
  if (pending.size > 0) throw new Error(`cannot order the tables ${[...pending].join(', ')}`);
}

async function fillTable(sql: Sql, table: string, keys: ForeignKey[]): Promise<void> {
  const columns = await columnsOf(sql, table);
  const allowed = await allowedValues(sql, table);
  const values = new Map<string, unknown>();
  for (const key of keys) {
    if (key.table.replaceAll('"', '') === table) continue;
    const [referred] = await sql(
      `select ${key.references.map((c) => `"${c}"`).join(', ')} from ${key.table} limit 1`,
    );
    if (!referred) throw new Error(`${table} refers to ${key.table}, which has no row`);
    for (const [i, column] of key.columns.entries()) values.set(column, referred[key.references[i]!]);
  }
  serial += 1;
  const required = columns.filter((c) => !c.nullable && !c.hasDefault);
  const optional = columns.filter((c) => c.nullable && !c.hasDefault);
  const valueFor = (column: Column) =>
    values.has(column.name)
      ? values.get(column.name)
      : (allowed.get(column.name) ?? madeUpValue(table, column, serial));
  const insert = (chosen: Column[]) =>
    sql(
      chosen.length === 0
        ? `insert into "${table}" default values`
        : `insert into "${table}" (${chosen.map((c) => `"${c.name}"`).join(', ')})
           values (${chosen.map((_, i) => `$${i + 1}`).join(', ')})`,
      chosen.map(valueFor),
    );
  // Every column when the row's checks allow it; otherwise only what a row needs and its keys.
  try {
    await insert([...required, ...optional]);
  } catch {
    await insert([...required, ...optional.filter((c) => values.has(c.name))]);
  }
}

// Reading the rows of many ids in one statement, for look-ups that every request makes (its session,
// its family) and that concurrent requests share (speed-ups/coalesce.ts).
//
// The statement is `(values ($1::uuid), …) as k(id) cross join lateral (<one id's read> limit 1)`: each
// id is looked up by its keys, so PostgreSQL cannot trade the index look-ups for scans and hashes of
// whole tables (as it may for `id = any($1)` on small tables, slower than a single look-up). It is
// prepared for a few fixed numbers of ids, so that each keeps one plan: an array of any length would
// be planned again on every call. A statement's fixed cost is most of a look-up's, so one statement for
// many ids costs far less than as many single look-ups (docs/performance.md, "Requests arriving
// together share their look-ups").
import { type SQL, type Subquery, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { coalesce } from './coalesce.js';
import { mappedOnce, preparedPerHandle } from './prepared.js';

const SIZES = [1, 2, 4, 8, 16, 32, 64] as const;

/** The most ids one statement reads. */
const LOOKUP_MAX = Math.max(...SIZES);

/**
 * How requests share a look-up (speed-ups/coalesce.ts): two statements under way at once, the keys asked
 * meanwhile in the next, and a statement that has not answered within 10 s fails its requests (as a
 * pool connection not found within 5 s does) instead of holding up the ones behind it.
 */
const SHARED_LOOKUP = { lanes: 2, maxBatch: LOOKUP_MAX, timeoutMs: 10_000 } as const;

/** The key of a look-up by two ids (the row's and its owner's), in lower case as PostgreSQL writes them. */
export function pairKey(id: string, ownerId: string): string {
  return `${id}/${ownerId}`.toLowerCase();
}

/**
 * A look-up of rows by (id, owner id) that the requests arriving together share: `load(pairs)` answers
 * the rows it found by `pairKey`, only where the row belongs to the owner asked.
 */
export function sharedLookup<Row>(
  load: (pairs: { id: string; ownerId: string }[]) => Promise<Map<string, Row>>,
): (id: string, ownerId: string) => Promise<Row | undefined> {
  const get = coalesce(
    (keys: string[]) =>
      load(
        keys.map((key) => {
          const [id = '', ownerId = ''] = key.split('/');
          return { id, ownerId };
        }),
      ),
    undefined,
    SHARED_LOOKUP,
  );
  return (id, ownerId) => get(pairKey(id, ownerId));
}

/** The id a lateral read looks up. */
export const lookedUpId = sql`k.id`;

/** Every field of a lateral read, to select them by name from outside it. */
export function fieldsOf<S extends Subquery>(read: S): Omit<S, keyof Subquery> {
  const { selectedFields } = (read as unknown as { _: { selectedFields: Record<string, unknown> } })._;
  return Object.fromEntries(
    Object.keys(selectedFields).map((key) => [key, (read as unknown as Record<string, unknown>)[key]]),
  ) as Omit<S, keyof Subquery>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `(values ($1::uuid), …) as k(id)`: the ids of a statement of `size` of them (placeholders id0…). */
function idList(size: number): SQL {
  return sql`(values ${sql.join(
    Array.from({ length: size }, (_, i) => sql`(${sql.placeholder(`id${i}`)}::uuid)`),
    sql`, `,
  )}) as k(id)`;
}

interface Lookup<Row> {
  prepare(name: string): { execute(values: Record<string, string>): Promise<Row[]> };
}

/**
 * Rows read by (id, owner id) pairs: `read(db, ids)` reads the rows of the ids (a lateral read of
 * `lookedUpId` per id), prepared as `name_<size>` for each size; `keyOf(row)` names the row's id and
 * its owner's. The answer holds the rows by `pairKey`, and only those whose owner is the one asked:
 * a session answers its own account, a family its own entity. Ids are read in lower case, as
 * PostgreSQL writes a uuid; duplicates and ids that are not UUIDs are left out. A statement's places
 * past the ids repeat the last one: its row comes twice and is the same row.
 */
export function ownedRows<Row>(
  name: string,
  read: (db: Db, ids: SQL) => Lookup<Row>,
  keyOf: (row: Row) => { id: string; ownerId: string },
): (db: Db, asked: { id: string; ownerId: string }[]) => Promise<Map<string, Row>> {
  const statements = SIZES.map((size) =>
    preparedPerHandle((db) => mappedOnce(read(db, idList(size)).prepare(`${name}_${size}`))),
  );
  return async (db, asked) => {
    const ids = [...new Set(asked.map((ask) => ask.id.toLowerCase()).filter((id) => UUID.test(id)))];
    const askedKeys = new Set(asked.map((ask) => pairKey(ask.id, ask.ownerId)));
    const found = new Map<string, Row>();
    for (let from = 0; from < ids.length; from += LOOKUP_MAX) {
      const chunk = ids.slice(from, from + LOOKUP_MAX);
      const at = SIZES.findIndex((size) => size >= chunk.length);
      const values = Object.fromEntries(
        Array.from({ length: SIZES[at]! }, (_, i) => [`id${i}`, chunk[Math.min(i, chunk.length - 1)]!]),
      );
      for (const row of await statements[at]!(db).execute(values)) {
        const { id, ownerId } = keyOf(row);
        const key = pairKey(id, ownerId);
        if (askedKeys.has(key)) found.set(key, row);
      }
    }
    return found;
  };
}

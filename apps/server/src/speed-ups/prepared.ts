// Statements that run on the hot read paths, built once per database handle instead of per request.
// Building drizzle's SQL costs the server more CPU than sending it (its entity checks walk prototype
// chains for every column and parameter), and on PostgreSQL a named statement is parsed and planned
// once per connection instead of once per call. Kept per handle: given a transaction, the statement is
// built for it and runs in it.
import { Column, is, SQL, Subquery } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** `build` is called at most once per handle; names given to `.prepare(name)` must be unique. */
export function preparedPerHandle<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The parts of drizzle's prepared query that its result mapping reads (the same for pg and PGlite). */
interface PreparedInternals {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The decoder drizzle's own mapping picks for a selected field: a column, an expression or an alias. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // An expression's decoder (its `mapWith`) is not in drizzle's public types.
  const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * The prepared select answers its rows through a mapping worked out once: each field's name and
 * decoder, then a plain loop per row. Drizzle's own mapping works out every field's kind again for
 * every value of every row (prototype-chain checks, a path iterator), the larger part of drizzle's
 * cost on the hot reads (a session, a family, a page of 100 messages). The rows are the same as
 * drizzle's; a selection with nested objects keeps drizzle's mapping.
 */
export function mappedOnce<P>(prepared: P): P {
  const internals = prepared as PreparedInternals;
  const fields = internals.fields;
  if (!fields || internals.customResultMapper || fields.some(({ path }) => path.length !== 1))
    return prepared;
  const keys = fields.map(({ path }) => path[0]!);
  const decoders = fields.map(({ field }) => decoderOf(field));
  internals.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        mapped[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return mapped;
    });
  return prepared;
}

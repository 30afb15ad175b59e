// Statements that run on the hot read paths, built once per database handle instead of per request.
// Building drizzle's SQL costs the server more CPU than sending it (its entity checks walk prototype
// chains for every column and parameter), and on PostgreSQL a named statement is parsed and planned
// once per connection instead of once per call. Kept per handle: given a transaction, the statement is
// built for it and runs in it.
import type { Db } from './client.js';

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

// pg-boss on the embedded database: the one method pg-boss asks of a database it does not open itself
// (`executeSql`), answered by the PGlite thread, which is not the PGlite object pg-boss's own adapter
// expects, and which must roll back a failed transaction on its single connection (below).
import type { Db } from 'pg-boss';
import type { PGliteThread } from '../db/pglite-thread.js';

export function pgliteBossDb(pglite: Pick<PGliteThread, 'query' | 'exec'>): Db {
  const run = async (text: string, values?: unknown[]) => {
    if (values?.length) return { rows: (await pglite.query(text, values)).rows };
    // Without parameters the text may be several statements (pg-boss's locked `BEGIN; …; COMMIT;`
    // blocks, its schema): `query` takes one statement, `exec` takes many. Every statement's rows
    // are kept, so a RETURNING before the COMMIT is not lost.
    const results = await pglite.exec(text);
    return { rows: results.flatMap((result) => result.rows) };
  };
  return {
    async executeSql(text, values) {
      try {
        return await run(text, values);
      } catch (error) {
        // One connection, not a pool: a statement that failed inside BEGIN … COMMIT leaves the
        // transaction aborted, and every later statement would fail with it. Roll it back first.
        await pglite.query('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

// A test file's own database, opened before its tests and dropped after them. Kept apart from
// databases.ts, which the run's global setup also loads (outside any test file).
import { afterAll, beforeAll, inject } from 'vitest';
import type { Database } from '../src/db/client.js';
import { openTestDatabase } from './databases.js';

/**
 * A fresh, migrated database for the test file that calls this at its top level (on the run's
 * PGlite template, or copied in PostgreSQL), dropped after the file: the returned function gives it.
 */
export function useFileDatabase(): () => Database {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase({
      pglite: inject('pgliteTemplate'),
      postgres: inject('postgresTemplate'),
    });
  });
  afterAll(() => opened?.drop());
  return () => {
    if (!opened) throw new Error('the test database is opened in beforeAll');
    return opened.database;
  };
}

// Searching a folded search column (groups.search_text, entities.search_text: kept lower-case and
// without accents by a trigger or a generated column, through search_fold()) for what a person typed,
// anywhere in it, whatever its case and accents ('sofia' finds 'Sofía').
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `%`, `_` and `\` typed by a person are literal characters, not patterns. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A case-sensitive LIKE of the search folded as the column is: it finds what ILIKE would (accents
 * aside) without folding every row it checks again (a trigram index answers it). The pattern is
 * `likePattern(search)`, or a placeholder for it in a prepared statement.
 */
export function lowerCaseColumnLike(column: PgColumn, pattern: string | Placeholder): SQL {
  return sql`${column} like search_fold(lower(${pattern}))`;
}

// Families (groups) in SQL: the entity's paginated, searched list, one family with its payment e-mail
// and plan, and the rename. Every function takes the signed-in entity's id: there is no unscoped read.
import { and, asc, count, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billingInformation, groups } from '../../db/schema.js';
import { messageReports } from '../../db/schema-desk.js';
import { likePattern, lowerCaseColumnContains, lowerCaseColumnLike } from '../../lib/search.js';
import { mappedOnce, preparedPerHandle } from '../../speed-ups/prepared.js';

/**
 * Whether the family holds an open report (the list's '!'), asked in the page's own statement: a
 * second statement per page would be a round trip more on every list and search.
 */
function hasOpenReports(groupId: Orderable) {
  return sql<boolean>`exists (select 1 from ${messageReports}
    where ${messageReports.groupId} = ${groupId} and ${messageReports.state} = 'open')`;
}

const familyColumns = {
  id: groups.id,
  name: groups.name,
  active: groups.active,
  createdAt: groups.createdAt,
};

/** A row of a page as the list shows it: the family, its payment e-mail and its '!'. */
function listRowOf<Page extends { id: Orderable; name: unknown; active: unknown; createdAt: unknown }>(
  page: Page,
): Pick<Page, 'id' | 'name' | 'active' | 'createdAt'> & {
  paymentEmail: typeof billingInformation.email;
  reports: SQL<boolean>;
} {
  return {
    id: page.id,
    name: page.name,
    active: page.active,
    createdAt: page.createdAt,
    paymentEmail: billingInformation.email,
    reports: hasOpenReports(page.id),
  };
}

export interface GroupListRow {
  id: string;
  name: string | null;
  active: boolean;
  createdAt: Date;
  paymentEmail: string | null;
  reports: boolean;
}

/**
 * The entity's families, and those whose search text holds the search when there is one. The search
 * text is kept lower-case (group_search_text(), migration 0005), so a case-sensitive LIKE of the
 * lower-cased search finds what ILIKE would, without lower-casing every candidate row again to recheck
 * it (the larger part of a search's database time otherwise).
 */
function familyFilter(entityId: string, search: string) {
  return and(
    eq(groups.entityId, entityId),
    search ? lowerCaseColumnContains(groups.searchText, search) : undefined,
  );
}

type Orderable = Parameters<typeof desc>[0];

/** Ascending status shows Active before Inactive; newest first within, and the id keeps pages stable. */
function listOrder(
  sort: 'asc' | 'desc' | undefined,
  columns: { active: Orderable; createdAt: Orderable; id: Orderable },
) {
  return [
    ...(sort ? [sort === 'asc' ? desc(columns.active) : asc(columns.active)] : []),
    desc(columns.createdAt),
    desc(columns.id),
  ];
}

type SortOrder = 'asc' | 'desc' | undefined;
/** A value of the statement, or its placeholder when the statement is prepared. */
type Value<T> = T | Placeholder;

/**
 * A searched page of the entity's families with the count of all matches (`total` on each row). The
 * matches are found once, as a set (named twice, so PostgreSQL materialises it and plans it without the
 * page's LIMIT: the index of the entity's trigrams, not a walk of every family of the entity in date
 * order checking each), then counted, and paged before the payment e-mail is joined: joined before
 * the page, a common name makes PostgreSQL hash every billing row of the database.
 */
function searchedGroupPageQuery(
  db: Db,
  sort: SortOrder,
  values: { entityId: Value<string>; pattern: Value<string>; limit: Value<number>; offset: Value<number> },
) {
  const matches = db.$with('matches').as(
    db
      .select(familyColumns)
      .from(groups)
      .where(
        and(eq(groups.entityId, values.entityId), lowerCaseColumnLike(groups.searchText, values.pattern)),
      ),
  );
  const page = db.$with('page').as(
    db
      .select()
      .from(matches)
      .orderBy(...listOrder(sort, matches))
      .limit(values.limit)
      .offset(values.offset),
  );
  return db
    .with(matches, page)
    .select({
      ...listRowOf(page),
      total: sql<number>`(select count(*) from ${matches})::int`,
    })
    .from(page)
    .leftJoin(billingInformation, eq(billingInformation.groupId, page.id))
    .orderBy(...listOrder(sort, page));
}

export function searchedGroupPage(
  db: Db,
  entityId: string,
  query: { search: string; page: number; pageSize: number; sort?: SortOrder },
) {
  return searchedGroupPageQuery(db, query.sort, {
    entityId,
    pattern: likePattern(query.search),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
}

/**
 * The same, prepared once per sort order (building drizzle's SQL for each search would cost the server
 * more than sending it): only the entity, the pattern and the page change from one search to the next.
 */
const searchedGroupPageStatements = Object.fromEntries(
  (['none', 'asc', 'desc'] as const).map((order) => [
    order,
    preparedPerHandle((db) =>
      mappedOnce(
        searchedGroupPageQuery(db, order === 'none' ? undefined : order, {
          entityId: sql.placeholder('entityId'),
          pattern: sql.placeholder('pattern'),
          limit: sql.placeholder('limit'),
          offset: sql.placeholder('offset'),
        }).prepare(`search_groups_page_${order}`),
      ),
    ),
  ]),
) as Record<
  'none' | 'asc' | 'desc',
  (db: Db) => ReturnType<ReturnType<typeof searchedGroupPageQuery>['prepare']>
>;

/**
 * An unsearched page of the entity's families: the page walks the (entity, created) index. Only the
 * page's rows are joined to their payment e-mail and asked for their '!' (in the paging query itself,
 * the rows a deep page skips would be joined and asked too).
 */
export function groupPage(
  db: Db,
  entityId: string,
  query: { page: number; pageSize: number; sort?: SortOrder },
) {
  const page = db.$with('page').as(
    db
      .select(familyColumns)
      .from(groups)
      .where(eq(groups.entityId, entityId))
      .orderBy(...listOrder(query.sort, groups))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  );
  return db
    .with(page)
    .select(listRowOf(page))
    .from(page)
    .leftJoin(billingInformation, eq(billingInformation.groupId, page.id))
    .orderBy(...listOrder(query.sort, page));
}

/**
 * A page of the entity's families. The search matches the family's name, the payment e-mail or the
 * e-mail of any member, case-insensitively: all of them are in `search_text` (kept by triggers), indexed
 * by entity and trigram together, so the index yields the entity's matches only; a search too short for
 * trigrams walks the entity's families.
 */
export async function findGroups(
  db: Db,
  entityId: string,
  query: { search: string; page: number; pageSize: number; sort?: 'asc' | 'desc' | undefined },
): Promise<{ rows: GroupListRow[]; total: number }> {
  const where = familyFilter(entityId, query.search);
  const offset = (query.page - 1) * query.pageSize;
  const countAll = async () => (await db.select({ n: count() }).from(groups).where(where))[0]?.n ?? 0;
  if (!query.search) {
    const [rows, total] = await Promise.all([
      groupPage(db, entityId, { page: query.page, pageSize: query.pageSize, sort: query.sort }),
      countAll(),
    ]);
    return { rows, total };
  }
  // Searched: one statement finds, counts and pages the matches. A page past the end counts apart.
  const found = await searchedGroupPageStatements[query.sort ?? 'none'](db).execute({
    entityId,
    pattern: likePattern(query.search),
    limit: query.pageSize,
    offset,
  });
  const total = found[0]?.total ?? (query.page > 1 ? await countAll() : 0);
  // The rows go out as they are (each also carries the count, which the service does not read): an
  // object rest per row takes V8's slow path.
  return { rows: found, total };
}

/** Renames the family; the child's first and last name change only when they are given. */
export async function renameGroup(
  db: Db,
  entityId: string,
  groupId: string,
  values: { name: string; childFirstName?: string; childLastName?: string },
): Promise<boolean> {
  const rows = await db
    .update(groups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(groups.id, groupId), eq(groups.entityId, entityId)))
    .returning({ id: groups.id });
  return rows.length === 1;
}

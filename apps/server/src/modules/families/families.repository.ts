// Families (groups) in SQL: the entity's paginated, searched list, one family with its payment e-mail
// and plan, and the rename. Every function takes the signed-in entity's id: there is no unscoped read.

import {
  type AgreementListFilter,
  type AgreementStanding,
  FAMILY_SEARCH_COUNT_LIMIT,
} from '@bridge-talk/contract';
import { and, asc, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billingInformation, entities, groups } from '../../db/schema.js';
import { agreementStates } from '../../db/schema-agreements.js';
import { messageReports } from '../../db/schema-desk.js';
import { likePattern, lowerCaseColumnLike } from '../../lib/search.js';
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
  agreementStanding: typeof agreementStates.standing;
  agreementDate: typeof agreementStates.standingDate;
} {
  return {
    id: page.id,
    name: page.name,
    active: page.active,
    createdAt: page.createdAt,
    paymentEmail: billingInformation.email,
    reports: hasOpenReports(page.id),
    agreementStanding: agreementStates.standing,
    agreementDate: agreementStates.standingDate,
  };
}

/** A family without a contact agreement (no standing is kept for it). */
function hasNoAgreement(groupId: Orderable) {
  return sql`not exists (select 1 from ${agreementStates} where ${agreementStates.groupId} = ${groupId})`;
}

export interface FamilyListRow {
  id: string;
  name: string | null;
  active: boolean;
  createdAt: Date;
  paymentEmail: string | null;
  reports: boolean;
  agreementStanding: AgreementStanding | null;
  agreementDate: string | null;
}

type Orderable = Parameters<typeof desc>[0];

/** Ascending status shows Active before Inactive; newest first within, and the id keeps pages stable. */
function listOrder(sort: SortOrder, columns: { active: Orderable; createdAt: Orderable; id: Orderable }) {
  return [
    ...(sort ? [sort === 'asc' ? desc(columns.active) : asc(columns.active)] : []),
    desc(columns.createdAt),
    desc(columns.id),
  ];
}

type SortOrder = 'asc' | 'desc' | undefined;
/** A value of the statement, or its placeholder when the statement is prepared. */
type Value<T> = T | Placeholder;

/** What changes the statement's shape; everything else is a value of it. */
interface ListShape {
  sort: SortOrder;
  searched: boolean;
  /** Only the families with no contact agreement. */
  noAgreement: boolean;
}

/**
 * A page of the entity's families and the count of all of them (the list's `total`), searched or not,
 * in one statement. The count is the row the page is joined to, so a page past the end still answers
 * the count (one row without a family).
 *
 * The search matches the family's name, the payment e-mail or the e-mail of any member: all of them
 * are in `search_text`, kept lower-case by triggers (group_search_text()), so a case-sensitive LIKE of
 * the lower-cased search finds what ILIKE would without lower-casing every candidate again; it is
 * indexed by entity and trigram together, so the index yields the entity's matches only.
 *
 * Searched, the page and the count read the same matches: named twice, PostgreSQL finds them once as a
 * set (the trigram index), not by walking the entity's families in date order and checking each until
 * the page is full. Both read at most FAMILY_SEARCH_COUNT_LIMIT + 1 of them: up to the limit the count is
 * exact and the page is the matches' own; past it the count says only that there are more, and the
 * page, made of the first matches read rather than the newest, is not used (see findFamilies). Unsearched, the count is the entity's `family_count` (kept by a trigger; counting
 * the families on every page grew with their number) and the page walks the (entity, created) index
 * for its own rows only. Either way the payment e-mail and the '!' are asked
 * for the page's rows, not for every row a deep page skips.
 */
function familyPageQuery(
  db: Db,
  { sort, searched, noAgreement }: ListShape,
  values: { entityId: Value<string>; pattern: Value<string>; limit: Value<number>; offset: Value<number> },
) {
  const inEntity = and(
    eq(groups.entityId, values.entityId),
    noAgreement ? hasNoAgreement(groups.id) : undefined,
  );
  const matches = db.$with('matches').as(
    db
      .select(familyColumns)
      .from(groups)
      .where(searched ? and(inEntity, lowerCaseColumnLike(groups.searchText, values.pattern)) : inEntity),
  );
  // Read no further than one past the limit; each reader takes its own rows of the one set.
  const firstMatches = (name: string) =>
    db
      .select()
      .from(matches)
      .limit(FAMILY_SEARCH_COUNT_LIMIT + 1)
      .as(name);
  const source = searched ? firstMatches('page_matches') : matches;
  const page = db.$with('page').as(
    db
      .select()
      .from(source)
      .orderBy(...listOrder(sort, source))
      .limit(values.limit)
      .offset(values.offset),
  );
  const total = sql<number>`count(*)::int`.as('total');
  const counted = db.$with('counted').as(
    searched
      ? db.select({ total }).from(firstMatches('counted_matches'))
      : db
          .select({
            // Without an agreement: all of them but those with one (both counts kept by triggers).
            total: (noAgreement
              ? sql<number>`${entities.familyCount} - ${entities.agreementCount}`
              : sql<number>`${entities.familyCount}`
            ).as('total'),
          })
          .from(entities)
          .where(eq(entities.id, values.entityId)),
  );
  return db
    .with(matches, page, counted)
    .select({ ...listRowOf(page), total: counted.total })
    .from(counted)
    .leftJoin(page, sql`true`)
    .leftJoin(billingInformation, eq(billingInformation.groupId, page.id))
    .leftJoin(agreementStates, eq(agreementStates.groupId, page.id))
    .orderBy(...listOrder(sort, page));
}

/** The statement of one list request with its values in place (what EXPLAIN reads in the tests). */
export function familyPage(db: Db, entityId: string, query: ListQuery) {
  return familyPageQuery(db, shapeOf(query), valuesOf(entityId, query));
}

/** What the list is asked for. */
interface ListQuery {
  search: string;
  page: number;
  pageSize: number;
  sort?: SortOrder;
  agreement?: AgreementListFilter;
}

function shapeOf(query: ListQuery): ListShape {
  return { sort: query.sort, searched: query.search !== '', noAgreement: query.agreement === 'none' };
}

const shapeKey = (shape: ListShape) => `${shape.sort ?? 'none'}/${shape.searched}/${shape.noAgreement}`;

function valuesOf(entityId: string, query: { search: string; page: number; pageSize: number }) {
  return {
    entityId,
    pattern: likePattern(query.search),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
}

/**
 * The same statement prepared once per shape: building drizzle's SQL for each request would cost the
 * server more than sending it, and only the entity, the pattern and the page change between requests.
 */
const familyPageStatements = new Map(
  (['none', 'asc', 'desc'] as const).flatMap((order) =>
    [false, true].flatMap((searched) =>
      [false, true].map((noAgreement) => {
        const shape = { sort: order === 'none' ? undefined : order, searched, noAgreement };
        const name = `family_page_${order}_${searched ? 'searched' : 'all'}${noAgreement ? '_no_agreement' : ''}`;
        const statement = preparedPerHandle((db) =>
          mappedOnce(
            familyPageQuery(db, shape, {
              entityId: sql.placeholder('entityId'),
              pattern: sql.placeholder('pattern'),
              limit: sql.placeholder('limit'),
              offset: sql.placeholder('offset'),
            }).prepare(name),
          ),
        );
        return [shapeKey(shape), statement] as const;
      }),
    ),
  ),
);

/**
 * A page of a search that matches very many families, found by walking the entity's families in the
 * list's order and keeping those that match until the page is full: for a common name a few hundred
 * rows, where taking every match from the trigram index and sorting them grew with the families. The
 * search column is compared as an expression the trigram index cannot answer, so that the walk is the
 * plan; sent with its values, so that the planner sees how many families the entity has.
 */
export function walkedPage(
  db: Db,
  entityId: string,
  query: { search: string; sort?: SortOrder; agreement?: AgreementListFilter },
  page: { limit: number; offset: number },
) {
  return db
    .select(listRowOf(familyColumns))
    .from(groups)
    .leftJoin(billingInformation, eq(billingInformation.groupId, groups.id))
    .leftJoin(agreementStates, eq(agreementStates.groupId, groups.id))
    .where(
      and(
        eq(groups.entityId, entityId),
        sql`(${groups.searchText} || '') like search_fold(lower(${likePattern(query.search)}))`,
        query.agreement === 'none' ? hasNoAgreement(groups.id) : undefined,
      ),
    )
    .orderBy(...listOrder(query.sort, groups))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A page of the entity's families (searched when `search` is not empty) and how many there are; a
 * search counts up to FAMILY_SEARCH_COUNT_LIMIT and, past it, pages through that many of its matches.
 */
export async function findFamilies(
  db: Db,
  entityId: string,
  query: ListQuery,
): Promise<{ rows: FamilyListRow[]; total: number; moreThanTotal: boolean }> {
  if (query.agreement === 'overdue' || query.agreement === 'dueSoon')
    return familiesOfStanding(db, entityId, { ...query, agreement: query.agreement });
  const statement = familyPageStatements.get(shapeKey(shapeOf(query)))!;
  const found = await statement(db).execute(valuesOf(entityId, query));
  const total = found[0]?.total ?? 0;
  const limit = FAMILY_SEARCH_COUNT_LIMIT;
  if (query.search !== '' && total > limit) {
    const offset = (query.page - 1) * query.pageSize;
    const rows =
      offset >= limit
        ? []
        : await walkedPage(db, entityId, query, { limit: Math.min(query.pageSize, limit - offset), offset });
    return { rows, total: limit, moreThanTotal: true };
  }
  // Past the last page the count comes back alone, on a row without a family.
  return { rows: found.filter(isFamilyRow), total, moreThanTotal: false };
}

/**
 * A page of the families whose agreement stands so (overdue, due soon), searched or not, and their
 * count, in one statement as the unfiltered list is: read from the kept standings in the list's order
 * (their index holds the family's creation), so that it costs what the families of that standing
 * cost, not what all the entity's do. Unsearched, the count reads the standings' index alone.
 */
function standingPageQuery(
  db: Db,
  { sort, searched }: Pick<ListShape, 'sort' | 'searched'>,
  values: {
    entityId: Value<string>;
    standing: Value<string>;
    pattern: Value<string>;
    limit: Value<number>;
    offset: Value<number>;
  },
) {
  const ofStanding = and(
    eq(agreementStates.entityId, values.entityId),
    eq(agreementStates.standing, sql`${values.standing}`),
  );
  const where = searched
    ? and(ofStanding, lowerCaseColumnLike(groups.searchText, values.pattern))
    : ofStanding;
  const page = db.$with('page').as(
    db
      .select({ ...familyColumns, id: agreementStates.groupId })
      .from(agreementStates)
      .innerJoin(groups, eq(groups.id, agreementStates.groupId))
      .where(where)
      .orderBy(
        ...(sort ? [sort === 'asc' ? desc(groups.active) : asc(groups.active)] : []),
        desc(agreementStates.familyCreatedAt),
        desc(agreementStates.groupId),
      )
      .limit(values.limit)
      .offset(values.offset),
  );
  const total = sql<number>`count(*)::int`.as('total');
  const counted = db
    .$with('counted')
    .as(
      searched
        ? db
            .select({ total })
            .from(agreementStates)
            .innerJoin(groups, eq(groups.id, agreementStates.groupId))
            .where(where)
        : db.select({ total }).from(agreementStates).where(ofStanding),
    );
  return db
    .with(page, counted)
    .select({ ...listRowOf(page), total: counted.total })
    .from(counted)
    .leftJoin(page, sql`true`)
    .leftJoin(billingInformation, eq(billingInformation.groupId, page.id))
    .leftJoin(agreementStates, eq(agreementStates.groupId, page.id))
    .orderBy(...listOrder(sort, page));
}

const standingPageStatements = new Map(
  (['none', 'asc', 'desc'] as const).flatMap((order) =>
    [false, true].map((searched) => {
      const shape = { sort: order === 'none' ? undefined : order, searched };
      const statement = preparedPerHandle((db) =>
        mappedOnce(
          standingPageQuery(db, shape, {
            entityId: sql.placeholder('entityId'),
            standing: sql.placeholder('standing'),
            pattern: sql.placeholder('pattern'),
            limit: sql.placeholder('limit'),
            offset: sql.placeholder('offset'),
          }).prepare(`family_standing_page_${order}_${searched ? 'searched' : 'all'}`),
        ),
      );
      return [`${order}/${searched}`, statement] as const;
    }),
  ),
);

async function familiesOfStanding(
  db: Db,
  entityId: string,
  query: ListQuery & { agreement: AgreementStanding },
): Promise<{ rows: FamilyListRow[]; total: number; moreThanTotal: boolean }> {
  const statement = standingPageStatements.get(`${query.sort ?? 'none'}/${query.search !== ''}`)!;
  const found = await statement(db).execute({ ...valuesOf(entityId, query), standing: query.agreement });
  return { rows: found.filter(isFamilyRow), total: found[0]?.total ?? 0, moreThanTotal: false };
}

function isFamilyRow<Row extends { id: string | null }>(row: Row): row is Row & FamilyListRow {
  return row.id !== null;
}

/** Renames the family; the child's first and last name change only when they are given. */
export async function renameFamily(
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

// Entity accounts in SQL: the paginated, searched list, one entity, and writes that keep an entity and
// its sign-in person (a `users` row with role 'entity' and the entity's e-mail) in step.
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { type AuditEventInput, recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { entities, entityCount, sessions, users } from '../../db/schema.js';
import { likePattern, lowerCaseColumnLike } from '../../lib/search.js';
import { mappedOnce, preparedPerHandle } from '../../speed-ups/prepared.js';

export type EntityStatus = (typeof entities.$inferSelect)['status'];
type EntitySubtype = (typeof entities.$inferSelect)['subtype'];

const entityColumns = {
  id: entities.id,
  name: entities.name,
  email: entities.email,
  phone: entities.phone,
  address: entities.address,
  subtype: entities.subtype,
  status: entities.status,
  coupon: entities.coupon,
  startContract: entities.startContract,
  endContract: entities.endContract,
  updatedAt: entities.updatedAt,
};

export type EntityRow = { [K in keyof typeof entityColumns]: (typeof entities.$inferSelect)[K] };

type SortOrder = 'asc' | 'desc' | undefined;

/**
 * The list's statements, prepared once per handle for each shape — searched or not, and each sort
 * order — instead of built for every request; only the pattern and the page change. The page and the
 * count of all matches are two statements, sent together: a count carried on each row of the page
 * (`count(*) over ()`) made PostgreSQL read every match whole and sort them all for a page of ten,
 * which grew with the entities; apart, the page walks the name index for its own rows and the count
 * reads the matches' index only.
 */
function entityListStatements(searched: boolean, sort: SortOrder) {
  const shape = `${searched ? 'search' : 'all'}_${sort ?? 'none'}`;
  return preparedPerHandle((db) => {
    // Name or e-mail: both are in search_text, lower-case (migration 0007).
    const where = searched ? lowerCaseColumnLike(entities.searchText, sql.placeholder('pattern')) : undefined;
    // Status sorts as its label does (Active, Disabled, Pending); name and id make every page stable.
    const order = [
      ...(sort ? [sort === 'asc' ? asc(entities.status) : desc(entities.status)] : []),
      // As people read names: 'Spam Bot 2' before 'Spam Bot 10'.
      asc(entities.nameSort),
      asc(entities.id),
    ];
    return {
      page: mappedOnce(
        db
          .select(entityColumns)
          .from(entities)
          .where(where)
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(`entities_page_${shape}`),
      ),
      // Unsearched, the total is the one row the triggers keep (counting grew with the entities).
      count: searched
        ? db.select({ n: count() }).from(entities).where(where).prepare(`entities_count_${shape}`)
        : db.select({ n: entityCount.n }).from(entityCount).prepare(`entities_count_${shape}`),
    };
  });
}
const entityLists = Object.fromEntries(
  [true, false].flatMap((searched) =>
    ([undefined, 'asc', 'desc'] as const).map((sort) => [
      `${searched}_${sort}`,
      entityListStatements(searched, sort),
    ]),
  ),
) as Record<string, ReturnType<typeof entityListStatements>>;

export async function findEntities(
  db: Db,
  query: { search: string; page: number; pageSize: number; sort?: SortOrder },
): Promise<{ rows: EntityRow[]; total: number }> {
  const statements = entityLists[`${Boolean(query.search)}_${query.sort}`]!(db);
  const pattern = likePattern(query.search);
  const [rows, counted] = await Promise.all([
    statements.page.execute({ pattern, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    statements.count.execute({ pattern }),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function findEntityById(db: Db, id: string): Promise<EntityRow | null> {
  const [row] = await db.select(entityColumns).from(entities).where(eq(entities.id, id));
  return row ?? null;
}

/** One entity with its first sign-in person (an access request's contact person) and when it was made. */
export async function findEntityDetails(
  db: Db,
  id: string,
): Promise<
  | (EntityRow & {
      createdAt: Date;
      accountId: string | null;
      contactFirstName: string | null;
      contactLastName: string | null;
    })
  | null
> {
  const [row] = await db
    .select({
      ...entityColumns,
      createdAt: entities.createdAt,
      accountId: users.id,
      contactFirstName: users.firstName,
      contactLastName: users.lastName,
    })
    .from(entities)
    .leftJoin(
      users,
      sql`${users.id} = (select ${users.id} from ${users} where ${users.entityId} = ${entities.id}
        order by ${users.createdAt}, ${users.id} limit 1)`,
    )
    .where(eq(entities.id, id));
  return row ?? null;
}

/**
 * Removes a pending access request — the entity and its person, who never signed in — with the audit
 * event. The status is checked under the row's lock: a request enabled meanwhile is not removed.
 */
export async function deleteAccessRequest(
  db: Db,
  id: string,
  audit: AuditEventInput,
): Promise<'removed' | 'not-found' | 'not-pending'> {
  return db.transaction(async (tx) => {
    const [entity] = await tx
      .select({ status: entities.status })
      .from(entities)
      .where(eq(entities.id, id))
      .for('update');
    if (!entity) return 'not-found';
    if (entity.status !== 'pending') return 'not-pending';
    await tx.delete(users).where(eq(users.entityId, id));
    await tx.delete(entities).where(eq(entities.id, id));
    await recordAudit(tx, audit);
    return 'removed';
  });
}

export interface EntityValues {
  name: string;
  email: string;
  phone: string;
  address: string;
  startContract: string;
  endContract: string;
  coupon: string | null;
  subtype: EntitySubtype;
}

/**
 * A new active entity and its sign-in person without a password, in one transaction with the audit
 * event of who created it.
 */
export async function insertEntityWithUser(
  db: Db,
  values: EntityValues & { firstName: string; lastName: string },
  createdBy: string,
): Promise<{ entityId: string; userId: string }> {
  return db.transaction(async (tx) => {
    const [entity] = await tx
      .insert(entities)
      .values({
        name: values.name,
        email: values.email,
        phone: values.phone,
        address: values.address,
        subtype: values.subtype,
        status: 'active',
        coupon: values.coupon,
        startContract: values.startContract,
        endContract: values.endContract,
      })
      .returning({ id: entities.id });
    const [user] = await tx
      .insert(users)
      .values({
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        role: 'entity',
        subtype: values.subtype,
        entityId: entity!.id,
        passwordHash: null,
      })
      .returning({ id: users.id });
    await recordAudit(tx, {
      actorUserId: createdBy,
      action: 'entity.created',
      entityId: entity!.id,
      subject: values.name,
    });
    return { entityId: entity!.id, userId: user!.id };
  });
}

/**
 * Saves the entity's fields (those given). A new e-mail moves the sign-in address of the entity's
 * person too, when it was the entity's address.
 */
/**
 * Saves the entity's new values; with `version` (the entity's `updatedAt` as the form read it), only
 * when nobody saved it since. Answers whether it was saved.
 */
export async function updateEntity(
  db: Db,
  id: string,
  previousEmail: string,
  values: Partial<EntityValues> & { status?: EntityStatus },
  audits: AuditEventInput[] = [],
  version?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const saved = await tx
      .update(entities)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(entities.id, id),
          // A Date keeps milliseconds, PostgreSQL microseconds: compared at the Date's precision.
          version === undefined
            ? undefined
            : sql`date_trunc('milliseconds', ${entities.updatedAt}) = ${version}::timestamptz`,
        ),
      )
      .returning({ id: entities.id });
    if (saved.length === 0) return false;
    if (values.email !== undefined && values.email.toLowerCase() !== previousEmail.toLowerCase()) {
      await tx
        .update(users)
        .set({ email: values.email, updatedAt: new Date() })
        .where(and(eq(users.entityId, id), sql`lower(${users.email}) = lower(${previousEmail})`));
    }
    for (const audit of audits) await recordAudit(tx, audit);
    return true;
  });
}

/** The entity's people whose sign-in address is this one, and whether each has chosen a password. */
export async function findPeopleByEmail(db: Db, entityId: string, email: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      activated: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(and(eq(users.entityId, entityId), sql`lower(${users.email}) = lower(${email})`));
}

/** The entity's people who have not set a password yet (they get the invitation). */
export async function findUninvitedPeople(db: Db, entityId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.entityId, entityId), isNull(users.passwordHash)));
}

/** Ends every session of the entity's people: a re-enabled entity signs in again. */
export async function revokeEntitySessions(db: Db, entityId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        isNull(sessions.revokedAt),
        sql`${sessions.userId} in (select ${users.id} from ${users} where ${users.entityId} = ${entityId})`,
      ),
    );
}

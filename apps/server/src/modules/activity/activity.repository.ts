// Reads the audit record as pages, newest first: a family's events (scoped by the signed-in entity) and
// the platform's, filtered. Each row carries what the screen names: the actor's name and e-mail as they
// were when it happened, the local channel's number, an export's fingerprint once its job made the
// file, and whether the item a platform event names still exists.
import type { AuditAction } from '@bridge-talk/contract';
import { and, count, desc, eq, gte, inArray, isNull, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { entities, groups, users } from '../../db/schema.js';
import { chatChannels } from '../../db/schema-chat.js';
import { auditEvents, conversationExports, PLATFORM_ACTIONS_SQL } from '../../db/schema-families.js';
import { likePattern } from '../../lib/search.js';
import { preparedPerHandle } from '../../speed-ups/prepared.js';

const commonColumns = {
  id: auditEvents.id,
  action: auditEvents.action,
  createdAt: auditEvents.createdAt,
  subject: auditEvents.subject,
  details: auditEvents.details,
  actorFirstName: auditEvents.actorFirstName,
  actorLastName: auditEvents.actorLastName,
  actorEmail: auditEvents.actorEmail,
  entityId: auditEvents.entityId,
  targetId: auditEvents.targetId,
};

const familyColumns = {
  ...commonColumns,
  channelNumber: chatChannels.number,
  exportSha256: conversationExports.sha256,
  exportStatus: conversationExports.status,
  entityExists: sql<boolean>`false`,
  targetAdminExists: sql<boolean>`false`,
};

/** The admin account an event names (created, edited), when it still exists. */
const targetAdmins = alias(users, 'target_admins');

/** The platform's events name no channel and no export; the entity or admin they name may be gone. */
const platformColumns = {
  ...commonColumns,
  channelNumber: sql<number | null>`null::int`,
  exportSha256: sql<string | null>`null::text`,
  exportStatus: sql<'queued' | 'sent' | 'failed' | null>`null::text`,
  entityExists: sql<boolean>`${entities.id} is not null`,
  targetAdminExists: sql<boolean>`${targetAdmins.id} is not null`,
};

/**
 * The channel's number when the local chat keeps it (a Stream channel has no row: null). The group is
 * in the join so that the unique (group_id, number) index finds the family's few channels.
 */
const channelOfEvent = and(
  eq(chatChannels.groupId, auditEvents.groupId),
  sql`${chatChannels.id}::text = ${auditEvents.channelId}`,
);

/**
 * The export an export request names (its id is kept in the event's details); read for export requests
 * only, so that another event's details are never cast.
 */
const exportOfEvent = and(
  eq(conversationExports.groupId, auditEvents.groupId),
  sql`${conversationExports.id} = case when ${auditEvents.action} = 'conversation.export_requested'
    then (${auditEvents.details} ->> 'exportId')::uuid end`,
);

/** The administrator's events: exactly the predicate of the partial index audit_events_platform_idx. */
const isPlatformEvent = and(
  isNull(auditEvents.groupId),
  sql`${auditEvents.action} in ${sql.raw(PLATFORM_ACTIONS_SQL)}`,
);

type Value<T> = T | Placeholder;

/**
 * A family's events, only when the family is the entity's. The family is found by its primary key in a
 * subquery of its own: joined, its (entity, id) check in a prepared statement's generic plan read the
 * entity's (entity, created, id) index, every family of the entity, for the one it wanted.
 */
function ofFamily(values: { groupId: Value<string>; entityId: Value<string> }) {
  return and(
    eq(auditEvents.groupId, values.groupId),
    sql`(select ${groups.entityId} from ${groups} where ${groups.id} = ${values.groupId}) = ${values.entityId}`,
  );
}

/** A page of a family's events (what EXPLAIN reads in the tests, with values in place). */
export function familyActivityPage(
  db: Db,
  values: { groupId: Value<string>; entityId: Value<string>; limit: Value<number>; offset: Value<number> },
) {
  return db
    .select(familyColumns)
    .from(auditEvents)
    .leftJoin(chatChannels, channelOfEvent)
    .leftJoin(conversationExports, exportOfEvent)
    .where(ofFamily(values))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(values.limit)
    .offset(values.offset);
}

const familyStatements = preparedPerHandle((db) => {
  const values = {
    groupId: sql.placeholder('groupId'),
    entityId: sql.placeholder('entityId'),
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  };
  return {
    page: familyActivityPage(db, values).prepare('find_family_activity'),
    count: db
      .select({ n: count() })
      .from(auditEvents)
      .where(ofFamily(values))
      .prepare('count_family_activity'),
  };
});

/** The platform's filters: a kind's actions, who did it (as recorded), and a span of time. */
export interface PlatformFilters {
  actions?: readonly string[];
  actor?: string;
  from?: string;
  to?: string;
}

function platformWhere(filters: PlatformFilters): SQL | undefined {
  const actorText = sql`lower(concat_ws(' ', ${auditEvents.actorFirstName}, ${auditEvents.actorLastName}, ${auditEvents.actorEmail}))`;
  return and(
    isPlatformEvent,
    filters.actions ? inArray(auditEvents.action, [...filters.actions] as AuditAction[]) : undefined,
    filters.actor ? sql`${actorText} like lower(${likePattern(filters.actor)})` : undefined,
    filters.from ? gte(auditEvents.createdAt, new Date(filters.from)) : undefined,
    filters.to ? lt(auditEvents.createdAt, new Date(filters.to)) : undefined,
  );
}

export type ActivityRow = Awaited<ReturnType<ReturnType<typeof familyStatements>['page']['execute']>>[number];

export interface ActivityPage {
  rows: ActivityRow[];
  total: number;
}

function pageValues(page: { page: number; pageSize: number }) {
  return { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
}

/** A page of one family's events; the family must be the entity's (another's has none). */
export async function findFamilyActivity(
  db: Db,
  entityId: string,
  groupId: string,
  page: { page: number; pageSize: number },
): Promise<ActivityPage> {
  const statements = familyStatements(db);
  const [rows, [total]] = await Promise.all([
    statements.page.execute({ entityId, groupId, ...pageValues(page) }),
    statements.count.execute({ entityId, groupId }),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A page of the platform's events that match the filters. */
export async function findPlatformActivity(
  db: Db,
  filters: PlatformFilters,
  page: { page: number; pageSize: number },
): Promise<ActivityPage> {
  const where = platformWhere(filters);
  const { limit, offset } = pageValues(page);
  const [rows, [total]] = await Promise.all([
    db
      .select(platformColumns)
      .from(auditEvents)
      .leftJoin(entities, eq(entities.id, auditEvents.entityId))
      .leftJoin(
        targetAdmins,
        and(sql`${targetAdmins.id}::text = ${auditEvents.targetId}`, eq(targetAdmins.role, 'admin')),
      )
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// Reads the audit record as pages, newest first: a family's events (scoped by the signed-in entity) and
// the platform's. Each row carries what the screen names: the actor's name and e-mail (null once the
// account is gone), the local channel's number, and an export's fingerprint once its job made the file.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerHandle } from '../../db/prepared.js';
import { groups, users } from '../../db/schema.js';
import { chatChannels } from '../../db/schema-chat.js';
import { auditEvents, conversationExports, PLATFORM_ACTIONS_SQL } from '../../db/schema-families.js';

const commonColumns = {
  id: auditEvents.id,
  action: auditEvents.action,
  createdAt: auditEvents.createdAt,
  subject: auditEvents.subject,
  details: auditEvents.details,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  actorEmail: users.email,
};

const familyColumns = {
  ...commonColumns,
  channelNumber: chatChannels.number,
  exportSha256: conversationExports.sha256,
  exportStatus: conversationExports.status,
};

/** The platform's events name no channel and no export. */
const platformColumns = {
  ...commonColumns,
  channelNumber: sql<number | null>`null::int`,
  exportSha256: sql<string | null>`null::text`,
  exportStatus: sql<'queued' | 'sent' | 'failed' | null>`null::text`,
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

const familyStatements = preparedPerHandle((db) => {
  const ofFamily = and(
    eq(auditEvents.groupId, sql.placeholder('groupId')),
    eq(groups.entityId, sql.placeholder('entityId')),
  );
  return {
    page: db
      .select(familyColumns)
      .from(auditEvents)
      .innerJoin(groups, eq(groups.id, auditEvents.groupId))
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .leftJoin(chatChannels, channelOfEvent)
      .leftJoin(conversationExports, exportOfEvent)
      .where(ofFamily)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('find_family_activity'),
    count: db
      .select({ n: count() })
      .from(auditEvents)
      .innerJoin(groups, eq(groups.id, auditEvents.groupId))
      .where(ofFamily)
      .prepare('count_family_activity'),
  };
});

const platformStatements = preparedPerHandle((db) => ({
  page: db
    .select(platformColumns)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(isPlatformEvent)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('find_platform_activity'),
  count: db
    .select({ n: count() })
    .from(auditEvents)
    .where(isPlatformEvent)
    .prepare('count_platform_activity'),
}));

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

/** A page of the platform's events: entity accounts, admin accounts, terms versions. */
export async function findPlatformActivity(
  db: Db,
  page: { page: number; pageSize: number },
): Promise<ActivityPage> {
  const statements = platformStatements(db);
  const [rows, [total]] = await Promise.all([
    statements.page.execute(pageValues(page)),
    statements.count.execute(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// Queries of the conversations area: the audit log of who opened which conversation. (The family a
// channel call names is found by the groups module, scoped by the signed-in entity.)
import { and, eq, gte, max, sql } from 'drizzle-orm';
import { type AuditEventInput, recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { auditEvents } from '../../db/schema-families.js';
import { preparedPerHandle } from '../../speed-ups/prepared.js';

export type AuditAction = (typeof auditEvents.$inferInsert)['action'];

/** Records the event; answers when the database says it happened (its clock, as the checks read it). */
export async function recordAuditEvent(
  db: Db,
  event: Pick<AuditEventInput, 'details'> & {
    actorUserId: string;
    action: AuditAction;
    entityId: string;
    groupId: string;
    channelId: string;
  },
): Promise<Date> {
  return recordAudit(db, event);
}

const latestAuditEventSinceStatement = preparedPerHandle((db) =>
  db
    .select({ createdAt: max(auditEvents.createdAt) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.groupId, sql.placeholder('groupId')),
        eq(auditEvents.actorUserId, sql.placeholder('actorUserId')),
        eq(auditEvents.action, sql.placeholder('action')),
        eq(auditEvents.channelId, sql.placeholder('channelId')),
        gte(auditEvents.createdAt, sql.placeholder('since')),
      ),
    )
    .prepare('find_latest_audit_event_since'),
);

/** When this person's latest such event for this channel happened, if it is not older than `since`. */
export async function latestAuditEventSince(
  db: Db,
  input: { actorUserId: string; action: AuditAction; groupId: string; channelId: string; since: Date },
): Promise<Date | null> {
  const [row] = await latestAuditEventSinceStatement(db).execute(input);
  return row?.createdAt ?? null;
}

/** The audit events of one family, newest first (for tests and a future audit screen). */
export async function listAuditEvents(db: Db, entityId: string, groupId: string) {
  return db
    .select({
      actorUserId: auditEvents.actorUserId,
      action: auditEvents.action,
      channelId: auditEvents.channelId,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.groupId, groupId)))
    .orderBy(auditEvents.createdAt);
}

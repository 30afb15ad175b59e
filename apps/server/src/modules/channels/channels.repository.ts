// Queries of the conversations area: the audit log of who opened which conversation. (The family a
// channel call names is found by the groups module, scoped by the signed-in entity.)
import { and, eq, gte, sql } from 'drizzle-orm';
import { type AuditEventInput, recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { preparedPerHandle } from '../../db/prepared.js';
import { auditEvents } from '../../db/schema-families.js';

export type AuditAction = (typeof auditEvents.$inferInsert)['action'];

export async function recordAuditEvent(
  db: Db,
  event: Pick<AuditEventInput, 'details'> & {
    actorUserId: string;
    action: AuditAction;
    entityId: string;
    groupId: string;
    channelId: string;
  },
): Promise<void> {
  await recordAudit(db, event);
}

const auditEventSinceStatement = preparedPerHandle((db) =>
  db
    .select({ id: auditEvents.id })
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
    .limit(1)
    .prepare('find_audit_event_since'),
);

/** Whether this person already has this event for this channel since `since`. */
export async function hasAuditEventSince(
  db: Db,
  input: { actorUserId: string; action: AuditAction; groupId: string; channelId: string; since: Date },
): Promise<boolean> {
  const [row] = await auditEventSinceStatement(db).execute(input);
  return Boolean(row);
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

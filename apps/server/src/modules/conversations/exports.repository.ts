// Queries of conversation exports: the request, its progress (queued → sent or failed), the facts the
// transcript's cover page names, and the look-up of an issued file by its SHA-256.
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { entities, groups, users } from '../../db/schema.js';
import { conversationExports } from '../../db/schema-families.js';
import { isUuid } from '../../lib/app-error.js';

/** Records the request and its audit event together. */
export async function insertExportRequest(
  db: Db,
  input: { entityId: string; groupId: string; channelId: string; requestedBy: string; email: string },
): Promise<{ id: string; createdAt: Date }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversationExports)
      .values({
        groupId: input.groupId,
        channelId: input.channelId,
        requestedBy: input.requestedBy,
        email: input.email,
      })
      .returning({ id: conversationExports.id, createdAt: conversationExports.createdAt });
    // The recipient and the export's id: the activity shows who got the file and, once the job made
    // it, the file's fingerprint.
    await recordAudit(tx, {
      actorUserId: input.requestedBy,
      action: 'conversation.export_requested',
      entityId: input.entityId,
      groupId: input.groupId,
      channelId: input.channelId,
      details: { email: input.email, exportId: row!.id },
    });
    return row!;
  });
}

/** What the export job needs: the request, the family and agency it belongs to, and who asked. */
export async function findExportForJob(db: Db, exportId: string) {
  if (!isUuid(exportId)) return null;
  const [row] = await db
    .select({
      id: conversationExports.id,
      groupId: conversationExports.groupId,
      channelId: conversationExports.channelId,
      email: conversationExports.email,
      status: conversationExports.status,
      createdAt: conversationExports.createdAt,
      familyName: groups.name,
      entityName: entities.name,
      requesterFirstName: users.firstName,
      requesterLastName: users.lastName,
      requesterEmail: users.email,
    })
    .from(conversationExports)
    .innerJoin(groups, eq(groups.id, conversationExports.groupId))
    .innerJoin(entities, eq(entities.id, groups.entityId))
    .leftJoin(users, eq(users.id, conversationExports.requestedBy))
    .where(eq(conversationExports.id, exportId));
  return row ?? null;
}

/** The file that is about to be e-mailed: its fingerprint, size and number of messages. */
export async function recordExportFile(
  db: Db,
  exportId: string,
  file: { sha256: string; byteSize: number; messageCount: number },
): Promise<void> {
  await db.update(conversationExports).set(file).where(eq(conversationExports.id, exportId));
}

export async function markExport(db: Db, exportId: string, status: 'sent' | 'failed'): Promise<void> {
  await db
    .update(conversationExports)
    .set({ status, completedAt: new Date() })
    .where(eq(conversationExports.id, exportId));
}

/** An export that was e-mailed with this fingerprint. */
export async function findSentExportBySha(db: Db, sha256: string) {
  const [row] = await db
    .select({
      groupId: conversationExports.groupId,
      channelId: conversationExports.channelId,
      completedAt: conversationExports.completedAt,
      byteSize: conversationExports.byteSize,
      messageCount: conversationExports.messageCount,
    })
    .from(conversationExports)
    .where(and(eq(conversationExports.sha256, sha256), eq(conversationExports.status, 'sent')));
  return row ?? null;
}

/** The exports of one of the entity's families, newest last (tests and a future history screen). */
export async function listExports(db: Db, entityId: string, groupId: string) {
  return db
    .select({
      id: conversationExports.id,
      channelId: conversationExports.channelId,
      email: conversationExports.email,
      status: conversationExports.status,
      sha256: conversationExports.sha256,
      byteSize: conversationExports.byteSize,
      messageCount: conversationExports.messageCount,
    })
    .from(conversationExports)
    .innerJoin(groups, eq(groups.id, conversationExports.groupId))
    .where(and(eq(conversationExports.groupId, groupId), eq(groups.entityId, entityId)))
    .orderBy(conversationExports.createdAt);
}

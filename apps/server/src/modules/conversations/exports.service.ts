// Conversation exports: an entity asks for a channel's transcript by e-mail (a durable job builds and
// sends it), and anyone holding a transcript — or an agreement report — can ask whether the portal
// issued it, by its SHA-256.
import { type ExportRequestResponse, type ExportVerifyResponse, MSG } from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { issuedAgreementReport } from '../agreements/agreements.service.js';
import { entityIdOf } from '../tenancy/tenancy.service.js';
import { requireEntityFamily } from './channels.service.js';
import * as repo from './exports.repository.js';

export function createExportsService(ctx: AppContext) {
  return {
    async requestExport({
      actor,
      input,
    }: {
      actor: Actor;
      input: { channelId: string; email: string };
    }): Promise<ExportRequestResponse> {
      const entityId = entityIdOf(actor);
      const { email } = input;
      const groupId = await ctx.chat.findChannelFamily(input.channelId);
      if (!groupId) throw notFound();
      const group = await requireEntityFamily(ctx, actor, groupId);
      const row = await repo.insertExportRequest(ctx.db, {
        entityId,
        groupId: group.id,
        channelId: input.channelId,
        requestedBy: actor.userId,
        email,
      });
      try {
        await ctx.queue.send(
          'conversation.export',
          { exportId: row.id },
          { singletonKey: `export:${row.id}` },
        );
      } catch (error) {
        await repo.markExport(ctx.db, row.id, 'failed');
        throw error;
      }
      return { message: MSG.families.exportRequested, exportId: row.id };
    },

    /** Public: whether a file with this fingerprint was issued, when and of which channel — nothing more. */
    async verifyExport({ input }: { input: { sha256: string } }): Promise<ExportVerifyResponse> {
      const row = await repo.findSentExportBySha(ctx.db, input.sha256);
      if (!row) {
        const report = await issuedAgreementReport(ctx, input.sha256);
        return report ?? { issued: false, sha256: input.sha256, message: MSG.conversations.exportNotIssued };
      }
      const channel = (await ctx.chat.listChannels(row.groupId)).find((c) => c.id === row.channelId);
      return {
        issued: true,
        document: 'transcript',
        sha256: input.sha256,
        message: MSG.conversations.exportIssued,
        issuedAt: (row.completedAt ?? new Date(0)).toISOString(),
        channelId: row.channelId,
        channelLabel: channel ? MSG.families.channelLabel(channel.number) : null,
        messageCount: row.messageCount ?? 0,
        byteSize: row.byteSize ?? 0,
      };
    },
  };
}

// Conversation test helpers: an app on either chat provider (the Stream one against the local
// stand-in), a family with a channel made the way the families area makes it, and members who post
// and report messages (through the local provider's member actions, or at the Stream stand-in).

import { recordReports } from '../src/modules/reports/reports.service.js';
import { syncStreamReports } from '../src/modules/reports/stream-reports.js';
import type { ChatProvider } from '../src/providers/chat/chat-provider.js';
import { localActionsOf } from '../src/providers/chat/index.js';
import { localReportOf } from '../src/providers/chat/local-chat-reports.js';
import { addFamilyMember, createEntityUser, createFamily } from './factories.js';
import { type StreamStandIn, startStreamStandIn } from './stream-stand-in.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';

export type ChatKind = 'local' | 'stream';
type AddressAttachment = { type: 'image' | 'video'; url: string; title: string | null };

export interface ConversationApp {
  t: TestApp;
  kind: ChatKind;
  chat: ChatProvider;
  /** A member posts; returns the message id. */
  post(input: {
    channelId: string;
    userId: string;
    html: string;
    /** Addresses (Stream's, or a local row of the earlier kind). */
    attachments?: AddressAttachment[];
    createdAt?: Date;
  }): Promise<string>;
  /** A member reports a message (and the portal hears of it, as it would). */
  flag(input: { messageId: string; userId: string; reason?: string | null }): Promise<void>;
  /** A member reports a message at the provider only: the portal has not heard of it yet. */
  flagAtProvider(input: { messageId: string; userId: string; reason?: string | null }): Promise<void>;
  close(): Promise<void>;
}

export async function createConversationApp(
  kind: ChatKind,
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<ConversationApp> {
  const stream: StreamStandIn | null = kind === 'stream' ? await startStreamStandIn() : null;
  const t = await createTestApp(
    stream
      ? {
          CHAT_PROVIDER: 'stream',
          STREAM_API_KEY: stream.apiKey,
          STREAM_API_SECRET: stream.apiSecret,
          STREAM_BASE_URL: stream.url,
          ...env,
        }
      : env,
    options,
  );
  const chat = t.app.ctx.chat;
  const local = localActionsOf(chat);
  return {
    t,
    kind,
    chat,
    async post(input) {
      if (stream) {
        return stream.postMessage(input.channelId, {
          userId: input.userId,
          html: input.html,
          attachments: (input.attachments ?? []).map((a) =>
            a.type === 'image'
              ? { type: 'image', image_url: a.url, title: a.title ?? undefined }
              : { type: 'video', asset_url: a.url, title: a.title ?? undefined },
          ),
          ...(input.createdAt ? { createdAt: input.createdAt } : {}),
        });
      }
      const result = await local!.postMessage(input);
      if (!('id' in result)) throw new Error(`post refused: ${result.refused}`);
      return result.id;
    },
    async flagAtProvider(input) {
      if (stream) return stream.flag(input.messageId, input.userId, input.reason ?? null);
      if (!(await local!.flagMessage(input))) throw new Error('flag refused');
    },
    async flag(input) {
      // As a report reaches the portal: the local provider's member API takes it into the reports
      // queue at once, Stream's through its webhook or sync (alerts are the reports tests' business).
      if (stream) {
        stream.flag(input.messageId, input.userId, input.reason ?? null);
        await syncStreamReports(t.app.ctx);
        return;
      }
      if (!(await local!.flagMessage(input))) throw new Error('flag refused');
      await recordReports(t.app.ctx, await localReportOf(t.db(), input.messageId, input.userId), {
        alert: false,
      });
    },
    async close() {
      await t.close();
      await stream?.close();
    },
  };
}

/** An entity user, signed in. */
export async function signedInEntity(t: TestApp) {
  const entity = await createEntityUser(t.db());
  const { authorization } = await signIn(t.app, {
    email: entity.email,
    password: entity.password!,
    role: 'entity',
  });
  return { ...entity, authorization };
}

/**
 * A named family of the entity with an adoptive parent, a birth parent and a child, and the channel
 * the families area makes for them: the parents write, the child reads.
 */
export async function familyWithChannel(c: ConversationApp, entityId: string, name = 'Robin Smith') {
  const { groupId } = await createFamily(c.t.db(), { entityId, name });
  const parent = await addFamilyMember(c.t.db(), {
    groupId,
    role: 'adoptive_parent',
    firstName: 'Pat',
    lastName: 'Parent',
  });
  const birth = await addFamilyMember(c.t.db(), {
    groupId,
    role: 'birth_family',
    firstName: 'Bea',
    lastName: 'Birth',
  });
  const child = await addFamilyMember(c.t.db(), {
    groupId,
    role: 'child',
    firstName: 'Robin',
    lastName: 'Smith',
  });
  await c.chat.upsertUsers([
    { id: parent.memberId, name: 'Pat Parent' },
    { id: birth.memberId, name: 'Bea Birth' },
    { id: child.memberId, name: 'Robin Smith' },
  ]);
  const { id: channelId } = await c.chat.ensureChannel({
    groupId,
    key: birth.memberId,
    members: [
      { userId: parent.memberId, role: 'adoptive_parent', permission: 'write' },
      { userId: birth.memberId, role: 'birth_family', permission: 'write' },
      { userId: child.memberId, role: 'child', permission: 'read' },
    ],
  });
  return { groupId, name, channelId, parent, birth, child };
}

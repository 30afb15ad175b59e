import type { Message, MessagePageResponse } from '@bridge-talk/contract';
import { describe, expect, it } from 'vitest';
import { mergeConversation } from './merge-messages.js';

function message(id: string, flaggedBy: string[] = []): Message {
  return {
    id,
    user: { id: 'u1', name: 'Pat Parent' },
    attachments: [],
    html: `<p>${id}</p>`,
    created_at: '2026-03-07T15:00:00.000Z',
    flaggedMessages: { flags: flaggedBy.map((name) => ({ message: { id }, user: { name } })) },
  };
}

/** A page as the server answers it: newest first. */
const page = (ids: string[], nextCursor: string | null = null): MessagePageResponse => ({
  messages: ids.map((id) => message(id)),
  nextCursor,
});

describe('mergeConversation', () => {
  it('puts the loaded pages oldest first, each message once', () => {
    const merged = mergeConversation([page(['m6', 'm5', 'm4'], 'c1'), page(['m3', 'm2', 'm1'])]);
    expect(merged.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(merged.gap).toBe(false);
  });

  it('appends what the refresh found, and takes its newer copy of a message (a report since)', () => {
    const latest: MessagePageResponse = {
      messages: [message('m8'), message('m7'), message('m6', ['Bea Birth']), message('m5')],
      nextCursor: 'c9',
    };
    const merged = mergeConversation([page(['m6', 'm5', 'm4'], 'c1')], latest);
    expect(merged.messages.map((m) => m.id)).toEqual(['m4', 'm5', 'm6', 'm7', 'm8']);
    expect(merged.messages[2]!.flaggedMessages.flags).toEqual([
      { message: { id: 'm6' }, user: { name: 'Bea Birth' } },
    ]);
    expect(merged.gap).toBe(false);
  });

  it('tells when the refresh holds only new messages and there are more (a gap to fill)', () => {
    const merged = mergeConversation([page(['m2', 'm1'])], page(['m9', 'm8'], 'c7'));
    expect(merged.gap).toBe(true);
    expect(mergeConversation([page(['m2', 'm1'])], page(['m4', 'm3'])).gap).toBe(false);
    expect(mergeConversation([], page(['m4', 'm3'], 'c2')).gap).toBe(false);
  });
});

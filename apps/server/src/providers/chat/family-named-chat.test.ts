// The family's names over a provider's answers: every name of a person the family holds or held is
// the family's, someone it never held keeps the provider's, and the provider's other actions stay.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatProvider } from './chat-provider.js';
import { withFamilyNames } from './family-named-chat.js';

const at = new Date('2026-03-01T10:00:00Z');
const message: ChatMessage = {
  id: 'm1',
  user: { id: 'bea', name: 'Other Entity Name' },
  html: '<p>hi</p>',
  attachments: [],
  createdAt: at,
  flags: [
    { userId: 'pat', name: 'Other Entity Pat', reason: null, createdAt: at },
    { userId: 'bot', name: 'Stream Bot', reason: null, createdAt: at },
  ],
};

const provider = {
  kind: 'local',
  listChannels: async () => [
    {
      id: 'c1',
      number: 1,
      disabled: false,
      createdAt: at,
      members: [
        { userId: 'bea', name: 'Other Entity Name', role: 'birth_family', permission: 'write', active: true },
      ],
    },
  ],
  getMessage: async () => message,
  listMessages: async () => ({ messages: [message], nextCursor: null }),
  messagesAround: async () => ({ messages: [message], olderCursor: null, newerCursor: null }),
  searchMessages: async () => ({
    hits: [{ id: 'm1', user: message.user, html: message.html, createdAt: at }],
    nextCursor: null,
    total: 1,
  }),
  postMessage: async () => ({ id: 'posted' }),
} as unknown as ChatProvider & { postMessage: () => Promise<{ id: string }> };

const ours: Record<string, string> = { 'g1/bea': 'Beatrice Ash', 'g1/pat': 'Pat Ash' };
const asked: string[] = [];
const chat = withFamilyNames(provider, async (groupId) => {
  asked.push(groupId);
  return { of: (group, memberId) => ours[`${group}/${memberId}`] };
});

describe('withFamilyNames', () => {
  it("names every person the family holds or held with the family's name, in every read", async () => {
    const named = { ...message, user: { id: 'bea', name: 'Beatrice Ash' } };
    const flags = [
      { ...message.flags[0]!, name: 'Pat Ash' },
      { ...message.flags[1]!, name: 'Stream Bot' },
    ];
    expect((await chat.listChannels('g1'))[0]!.members[0]!.name).toBe('Beatrice Ash');
    expect(await chat.getMessage('g1', 'c1', 'm1')).toEqual({ ...named, flags });
    expect((await chat.listMessages('g1', 'c1', { limit: 10 }))!.messages).toEqual([{ ...named, flags }]);
    expect((await chat.messagesAround('g1', 'c1', 'm1', 10))!.messages).toEqual([{ ...named, flags }]);
    expect((await chat.searchMessages('g1', 'c1', { q: 'hi', limit: 10 }))!.hits[0]!.user).toEqual(
      named.user,
    );
    expect(asked.every((groupId) => groupId === 'g1')).toBe(true);
  });

  it("keeps the provider's name for someone the channel's family never held (another family's names are not its)", async () => {
    expect((await chat.listChannels('g2'))[0]!.members[0]!.name).toBe('Other Entity Name');
  });

  it("keeps the provider's own actions", async () => {
    expect(chat.kind).toBe('local');
    expect(await chat.postMessage()).toEqual({ id: 'posted' });
  });
});

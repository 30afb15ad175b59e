/** Query keys of the conversation screen. */
export const conversationKeys = {
  all: ['conversations'] as const,
  channels: (groupId: string) => [...conversationKeys.all, 'channels', groupId] as const,
  /** Every page loaded so far, oldest last (an infinite query). */
  history: (groupId: string, channelId: string) =>
    [...conversationKeys.all, 'history', groupId, channelId] as const,
  /** The newest page again, every 50 s, for messages that arrived since. */
  latest: (groupId: string, channelId: string) =>
    [...conversationKeys.all, 'latest', groupId, channelId] as const,
};

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
  /** The conversation opened at one message: its window, then older and newer pages (an infinite query). */
  around: (groupId: string, channelId: string, messageId: string) =>
    [...conversationKeys.all, 'around', groupId, channelId, messageId] as const,
  /** The hits of a search, page by page. */
  search: (groupId: string, channelId: string, q: string) =>
    [...conversationKeys.all, 'search', groupId, channelId, q] as const,
};

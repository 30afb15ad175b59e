// Every name a chat provider answers, replaced by the name the channel's own family gave the person.
// A provider (our chat_users, a user at Stream) holds one name per person, while a person in families
// of two entities has a name from each; so whatever the provider says is never shown for a person of
// ours: the history, its 'reported by' notes, search hits, channel members and the transcripts built
// from them all read the family's name. Reports are named where they are stored (recordReports).
import type { FamilyNames } from '../../db/family-names.js';
import type { ChatMessage, ChatProvider } from './chat-provider.js';

/** The names one family gave everyone it holds or held. */
export type FindFamilyNames = (groupId: string) => Promise<FamilyNames>;

function renamed(groupId: string, names: FamilyNames, m: ChatMessage): ChatMessage {
  return {
    ...m,
    user: { id: m.user.id, name: names.of(groupId, m.user.id) ?? m.user.name },
    flags: m.flags.map((f) => ({ ...f, name: names.of(groupId, f.userId) ?? f.name })),
  };
}

/** The provider with the family's names in every answer (its other actions unchanged). */
export function withFamilyNames<T extends ChatProvider>(chat: T, findNames: FindFamilyNames): T {
  /** The provider's answer and the family's names, read side by side. */
  const withNames = <R>(groupId: string, read: Promise<R>) => Promise.all([read, findNames(groupId)]);
  return {
    ...chat,

    async listChannels(groupId) {
      const [channels, names] = await withNames(groupId, chat.listChannels(groupId));
      return channels.map((c) => ({
        ...c,
        members: c.members.map((m) => ({ ...m, name: names.of(groupId, m.userId) ?? m.name })),
      }));
    },

    async getMessage(groupId, channelId, messageId) {
      const [message, names] = await withNames(groupId, chat.getMessage(groupId, channelId, messageId));
      return message && renamed(groupId, names, message);
    },

    async listMessages(groupId, channelId, page) {
      const [found, names] = await withNames(groupId, chat.listMessages(groupId, channelId, page));
      return found && { ...found, messages: found.messages.map((m) => renamed(groupId, names, m)) };
    },

    async messagesAround(groupId, channelId, messageId, limit) {
      const [found, names] = await withNames(
        groupId,
        chat.messagesAround(groupId, channelId, messageId, limit),
      );
      return found && { ...found, messages: found.messages.map((m) => renamed(groupId, names, m)) };
    },

    async searchMessages(groupId, channelId, input) {
      const [found, names] = await withNames(groupId, chat.searchMessages(groupId, channelId, input));
      if (!found) return found;
      return {
        ...found,
        hits: found.hits.map((h) => ({
          ...h,
          user: { id: h.user.id, name: names.of(groupId, h.user.id) ?? h.user.name },
        })),
      };
    },
  };
}

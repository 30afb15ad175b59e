// Chooses the chat provider from the configuration (CHAT_PROVIDER), once, at start-up. Business code
// sees the ChatProvider interface only; the member API also uses the local provider's own actions.
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import { findFamilyNames } from '../../db/family-names.js';
import type { ChatProvider } from './chat-provider.js';
import { withFamilyNames } from './family-named-chat.js';
import { createLocalChatProvider, type LocalChatActions } from './local-chat-provider.js';

export type { ChatProvider } from './chat-provider.js';

/**
 * The configured provider, answering with the names each family gave its people (family-named-chat.ts).
 * Stream's SDK (with axios) is loaded only when Stream is the provider: a large module that a portal on
 * the local provider never needs to load at start-up.
 */
export async function createChatProvider(config: Config, db: Db): Promise<ChatProvider> {
  return withFamilyNames(await createBareChatProvider(config, db), (groupId) =>
    findFamilyNames(db, [groupId]),
  );
}

async function createBareChatProvider(config: Config, db: Db): Promise<ChatProvider> {
  if (config.chat.provider === 'stream') {
    const { apiKey, apiSecret, baseUrl } = config.chat.stream;
    // loadConfig refuses CHAT_PROVIDER=stream without both.
    if (!apiKey || !apiSecret) throw new Error('STREAM_API_KEY and STREAM_API_SECRET are required');
    const { createStreamChatProvider } = await import('./stream-chat-provider.js');
    return createStreamChatProvider({ apiKey, apiSecret, baseUrl });
  }
  return createLocalChatProvider(db);
}

/** The member actions (post, report) exist only where the messages are ours: the local provider. */
export function localActionsOf(chat: ChatProvider): LocalChatActions | null {
  const candidate = chat as ChatProvider & Partial<LocalChatActions>;
  return chat.kind === 'local' && candidate.postMessage && candidate.flagMessage
    ? (candidate as LocalChatActions)
    : null;
}

// The conversation as the viewer shows it: the loaded pages (newest first, each next page older) and
// the latest page of the 50-second refresh, merged into one list, oldest first, each message once.
import type { Message, MessagePageResponse } from '@bridge-talk/contract';

export interface MergedConversation {
  messages: Message[];
  /** The refresh found only new messages: more may have arrived than one page holds. */
  gap: boolean;
}

export function mergeConversation(
  pages: MessagePageResponse[],
  latest?: MessagePageResponse,
): MergedConversation {
  const messages: Message[] = [];
  const index = new Map<string, number>();
  for (let p = pages.length - 1; p >= 0; p--) {
    const page = pages[p]!.messages;
    for (let m = page.length - 1; m >= 0; m--) {
      const message = page[m]!;
      if (index.has(message.id)) continue;
      index.set(message.id, messages.length);
      messages.push(message);
    }
  }
  if (!latest) return { messages, gap: false };
  const arrived: Message[] = [];
  let known = 0;
  for (const message of latest.messages) {
    const at = index.get(message.id);
    if (at === undefined) arrived.push(message);
    else {
      // A message may have been reported since it was loaded.
      messages[at] = message;
      known += 1;
    }
  }
  const gap = messages.length > 0 && known === 0 && latest.nextCursor !== null;
  messages.push(...arrived.reverse());
  return { messages, gap };
}

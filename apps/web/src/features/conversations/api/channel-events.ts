// The open conversation hears of a new message or a report at once: the channel's event stream
// (server-sent events, read with fetch so that the session's token goes in a header). An event, or a
// reconnection (something may have come meanwhile), fetches the newest page again; the 50-second
// refresh stays as the fallback. The stream reconnects on its own, waiting longer after each failure.
import { apiPath, type ChannelLiveEvent, eventStreamParser, ROUTES } from '@bridge-talk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiStream } from '../../../shared/api/api-client.js';
import { conversationKeys } from './conversation-keys.js';

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** Reads the stream's events until it ends. */
async function readEvents(response: Response, onEvent: (event: ChannelLiveEvent) => void) {
  if (!response.body) return;
  const push = eventStreamParser((data) => onEvent(data as ChannelLiveEvent));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    push(value);
  }
}

export function useChannelEvents(groupId: string, channelId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = RETRY_FIRST_MS;
    const fresh = () =>
      void queryClient.invalidateQueries({ queryKey: conversationKeys.latest(groupId, channelId) });
    const connect = async () => {
      try {
        const response = await apiStream(apiPath(ROUTES.conversations.events.path, { groupId, channelId }), {
          signal: abort.signal,
        });
        await readEvents(response, (event) => {
          wait = RETRY_FIRST_MS;
          // The first 'ready' follows the page just loaded: nothing to fetch yet.
          if (event.type !== 'ready' || connected) fresh();
          connected = true;
        });
      } catch {
        // refused or cut: tried again below, unless the page closed it
      }
      if (abort.signal.aborted) return;
      timer = setTimeout(connect, wait * (0.75 + Math.random() * 0.5));
      wait = Math.min(wait * 2, RETRY_MAX_MS);
    };
    let connected = false;
    void connect();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [groupId, channelId, enabled, queryClient]);
}

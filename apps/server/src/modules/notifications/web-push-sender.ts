// Sends one Web Push notification: web-push encrypts the payload for the browser's keys and signs the
// request with the server's VAPID key; the request itself goes out here, to an endpoint checked to be
// public (a member chooses the address their browser gives; the server must not call its own network).
import webPush from 'web-push';
import { resolvesToPublic } from '../../lib/public-address.js';
import type { VapidKeys } from './vapid-keys.js';

export interface PushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * `gone`: the push service says the subscription no longer exists (the browser unsubscribed), or its
 * address may not be called; `failed`: the service could not take it now. A notification is not sent
 * again later: the conversation itself is where the message waits.
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

const SEND_TIMEOUT_MS = 10_000;
/** A notification nobody could receive within a day is not worth showing. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;

/** Whether the server may send to this endpoint: https on a public address, or anything in tests. */
export async function endpointAllowed(endpoint: string, allowPrivate: boolean): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:';
  return (
    url.protocol === 'https:' && !url.username && !url.password && (await resolvesToPublic(url.hostname))
  );
}

export async function sendPush(
  subscription: PushSubscription,
  payload: string,
  options: { keys: VapidKeys; subject: string; topic: string; allowPrivate: boolean },
): Promise<PushOutcome> {
  if (!(await endpointAllowed(subscription.endpoint, options.allowPrivate))) return 'gone';
  const request = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: { subject: options.subject, ...options.keys },
      TTL: TIME_TO_LIVE_SECONDS,
      contentEncoding: 'aes128gcm',
      // A newer notification of the same conversation replaces one still waiting at the push service
      // (a topic is at most 32 characters of base64url: the channel's id without its hyphens).
      topic: options.topic.replace(/-/g, '').slice(0, 32),
    },
  );
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body as Buffer),
    redirect: 'error',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await answer.body?.cancel();
  if (answer.status === 404 || answer.status === 410) return 'gone';
  return answer.ok ? 'sent' : 'failed';
}

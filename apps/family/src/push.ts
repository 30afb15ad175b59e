// Notifications on this device (Web Push): the browser subscribes with the server's public key and the
// subscription is kept for this device's session on the server; the service worker shows what the
// server sends (who wrote, never what). Turning them off ends the subscription at both ends.
import { API, type PushSubscriptionRequest } from '@bridge-talk/contract';
import { api } from './api.js';

/** What this browser can do: no push at all, blocked by the member, not asked yet, or allowed. */
export type PushState = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushState(): PushState {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, when it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushState() === 'unsupported') return null;
  return (await registration()).pushManager.getSubscription();
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Asks the member, subscribes and tells the server; false when the member said no. */
export async function turnPushOn(): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const { publicKey } = await api<{ publicKey: string }>(API.chat.pushKey);
  const manager = (await registration()).pushManager;
  const subscription =
    (await manager.getSubscription()) ??
    (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON() as PushSubscriptionRequest;
  await api(API.chat.pushSubscribe, { method: 'PUT', json: { endpoint, keys } });
  return true;
}

export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api(API.chat.pushUnsubscribe, { method: 'DELETE', json: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

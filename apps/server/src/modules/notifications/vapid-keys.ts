// The Web Push key pair (VAPID): push services accept a notification for a browser's subscription
// only when it is signed by the key the subscription was made for. From the environment, or generated
// once and kept in DATA_DIR beside the token key (and backed up with it): a new pair would silently
// end every browser's subscription.
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '../../config/index.js';
import { keepOnce } from '../../lib/keep-once.js';

export const VAPID_KEYS_FILE = 'vapid.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const kept = new Map<string, VapidKeys>();

export function loadVapidKeys(config: Pick<Config, 'notifications' | 'database'>): VapidKeys {
  if (config.notifications.vapid) return config.notifications.vapid;
  const file = path.join(config.database.dataDir, VAPID_KEYS_FILE);
  let keys = kept.get(file);
  if (!keys) {
    const text = keepOnce(file, () => JSON.stringify(webPush.generateVAPIDKeys()));
    const { publicKey, privateKey } = JSON.parse(text) as VapidKeys;
    keys = { publicKey, privateKey };
    kept.set(file, keys);
  }
  return keys;
}

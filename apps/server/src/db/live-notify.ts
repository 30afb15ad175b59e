// The statement that tells every process's live bus about an event (PostgreSQL's NOTIFY). Sent outside
// any transaction of the caller's: the event follows a write that has already committed.
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** The channel the processes listen on. */
export const LIVE_CHANNEL = 'bt_live';

export async function notifyLive(db: Db, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

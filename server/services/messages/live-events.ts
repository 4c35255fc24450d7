import { sql } from 'drizzle-orm';
import { type Executor } from '../../db/client';
import { NOTIFICATION_CHANNEL } from '../notifications/notify';

/**
 * What a NOTIFY on the notifications channel says about a conversation: a new message (loaded by
 * the instance that holds the recipient's streams, so its text never rides in the payload), a
 * read receipt, a deletion or typing. Delivered at commit to every instance.
 */
export type LiveMessageSignal =
  | { live: 'message'; messageId: number }
  | { live: 'message-read'; username: string; upTo: number }
  | { live: 'message-deleted'; username: string; id: number }
  | { live: 'typing'; username: string };

export async function announceLive(
  db: Executor,
  recipientId: number,
  signal: LiveMessageSignal,
): Promise<void> {
  const payload = JSON.stringify({ recipientId, ...signal });
  await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
}

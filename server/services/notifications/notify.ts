import { and, eq, sql } from 'drizzle-orm';
import { type NotificationReference, type NotificationType } from '@shared/constants';
import { notificationPreferences, notifications } from '@shared/tables/notifications';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';

/** The channel every app instance listens on, so a notification reaches its user on any of them. */
export const NOTIFICATION_CHANNEL = 'markit_notifications';

export const DEFAULT_SENDER_NAME = 'Someone';

export type NotifyInput = {
  recipientId: number;
  type: NotificationType;
  actorId?: number | null;
  /** For a guest (no account), or to override the actor's name. */
  actorName?: string | null;
  amountCents?: number | null;
  referenceType?: NotificationReference | null;
  referenceId?: number | null;
  /** The text for kinds that have no template (leads, redemptions, system). */
  message?: string;
  /** The giver's own words on a gift, quoted after the gift's text ('' or absent for none). */
  giftMessage?: string;
};

const dollars = (cents: number | null | undefined) => `$${((cents ?? 0) / 100).toFixed(2)}`;

/** The texts of the kinds that have a template; other kinds bring their own text. */
function messageFor(input: NotifyInput, name: string): string {
  switch (input.type) {
    case 'friend_request_received':
      return `${name} sent you a friend request`;
    case 'friend_request_accepted':
      return `${name} accepted your friend request`;
    case 'gift_received': {
      const text = `You received a ${dollars(input.amountCents)} gift card from ${name}`;
      return input.giftMessage ? `${text}: "${input.giftMessage}"` : text;
    }
    case 'gift_request_received':
      return `${name} requested a gift card`;
    case 'post_mention':
      return `${name} mentioned you in a post`;
    default:
      return input.message ?? 'New notification';
  }
}

/**
 * Tells the person an event concerns, inside the transaction of the event itself, so it exists
 * exactly when the event does; NOTIFY is delivered at commit to every instance's listeners.
 * A kind the recipient switched off in their settings is not written.
 */
export async function notify(tx: Executor, input: NotifyInput): Promise<void> {
  if (!(await wantsInApp(tx, input.recipientId, input.type))) return;

  let name = input.actorName ?? null;
  if (!name && input.actorId) {
    const [actor] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, input.actorId));
    name = actor?.name ?? null;
  }
  const [created] = await tx
    .insert(notifications)
    .values({
      recipientId: input.recipientId,
      type: input.type,
      actorId: input.actorId ?? null,
      actorName: input.actorName ?? null,
      amountCents: input.amountCents ?? null,
      message: messageFor(input, name || DEFAULT_SENDER_NAME),
      referenceType: input.referenceType ?? null,
      referenceId: input.referenceId ?? null,
    })
    .returning({ id: notifications.id });
  if (!created) throw new Error('Notification was not written');
  await announce(tx, input.recipientId, created.id);
}

/** Whether the user keeps this kind on (a kind never chosen is on). */
export async function wantsInApp(
  tx: Executor,
  recipientId: number,
  type: NotificationType,
): Promise<boolean> {
  const [preference] = await tx
    .select({ inApp: notificationPreferences.inApp })
    .from(notificationPreferences)
    .where(
      and(eq(notificationPreferences.userId, recipientId), eq(notificationPreferences.type, type)),
    );
  return !preference || preference.inApp;
}

/** Tells the live streams, at commit, that the recipient's notification is new or changed. */
export async function announce(tx: Executor, recipientId: number, id: number): Promise<void> {
  const payload = JSON.stringify({ recipientId, id });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
}

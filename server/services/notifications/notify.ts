import { and, eq, sql } from 'drizzle-orm';
import { type NotificationReference, type NotificationType } from '@shared/constants';
import { notificationPreferences, notifications } from '@shared/tables/notifications';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';

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

/** The texts of the kinds that name the actor; other kinds bring their own text. */
const TEMPLATES: Partial<Record<NotificationType, (input: NotifyInput, name: string) => string>> = {
  friend_request_received: (_, name) => `${name} sent you a friend request`,
  friend_request_accepted: (_, name) => `${name} accepted your friend request`,
  gift_received: (input, name) => {
    const text = `You received a ${dollars(input.amountCents)} gift card from ${name}`;
    return input.giftMessage ? `${text}: "${input.giftMessage}"` : text;
  },
  gift_request_received: (_, name) => `${name} requested a gift card`,
  post_mention: (_, name) => `${name} mentioned you in a post`,
};

/**
 * Tells the person an event concerns, inside the transaction of the event itself, so it exists
 * exactly when the event does; NOTIFY is delivered at commit to every instance's listeners.
 * A kind the recipient switched off in their settings is not written. The preference check, the
 * row and the NOTIFY are one prepared statement: notify runs inside busy transactions (a claim
 * holds its pin's crowd behind it), and each statement is a round trip to the database.
 */
export async function notify(tx: Executor, input: NotifyInput): Promise<void> {
  const template = TEMPLATES[input.type];
  let name = input.actorName ?? null;
  if (template && !name && input.actorId) {
    const [actor] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, input.actorId));
    name = actor?.name ?? null;
  }
  const message = template
    ? template(input, name || DEFAULT_SENDER_NAME)
    : (input.message ?? 'New notification');
  await createNotification(tx, 'all', {
    recipientId: input.recipientId,
    type: input.type,
    actorId: input.actorId ?? null,
    actorName: input.actorName ?? null,
    amountCents: input.amountCents ?? null,
    message,
    referenceType: input.referenceType ?? null,
    referenceId: input.referenceId ?? null,
  });
}

/** The notification, unless its kind is off for the recipient, and its NOTIFY, in one statement. */
const createNotification = preparedQuery<{ notified: unknown }>('create_notification', () => {
  const value = (name: string) => sql.placeholder(name);
  return sql`
    with created as (
      insert into ${notifications}
        (recipient_id, type, actor_id, actor_name, amount_cents, message, reference_type, reference_id)
      select ${value('recipientId')}::integer, ${value('type')}::text, ${value('actorId')}::integer,
             ${value('actorName')}::text, ${value('amountCents')}::integer,
             ${value('message')}::text, ${value('referenceType')}::text,
             ${value('referenceId')}::integer
       where not exists (
         select 1 from ${notificationPreferences}
          where user_id = ${value('recipientId')}::integer and type = ${value('type')}::text
            and not in_app)
      returning id, recipient_id
    )
    select pg_notify(${NOTIFICATION_CHANNEL},
                     json_build_object('recipientId', recipient_id, 'id', id)::text) as notified
      from created`;
});

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

import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  isNotNull,
  isNull,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type NotificationFilter } from '@shared/constants';
import { NOTIFICATION_MESSAGES, type NotificationItem } from '@shared/schema/notifications';
import { notifications } from '@shared/tables/notifications';
import { users } from '@shared/tables/users';
import { type Database, type Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notFound } from '../../lib/errors';
import { DEFAULT_SENDER_NAME } from './notify';
import { type Page } from '../../lib/list-answer';

const actors = aliasedTable(users, 'actors');
const recipients = aliasedTable(users, 'recipients');

const columns = {
  id: notifications.id,
  type: notifications.type,
  message: notifications.message,
  amountCents: notifications.amountCents,
  actorName: notifications.actorName,
  actorUserName: actors.name,
  actorUsername: actors.username,
  actorAvatar: actors.profilePicture,
  receiverName: recipients.name,
  receiverAvatar: recipients.profilePicture,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  referenceType: notifications.referenceType,
  referenceId: notifications.referenceId,
};

type Row = {
  id: number;
  type: NotificationItem['type'];
  message: string;
  amountCents: number | null;
  actorName: string | null;
  actorUserName: string | null;
  actorUsername: string | null;
  actorAvatar: string | null;
  receiverName: string;
  receiverAvatar: string | null;
  createdAt: Date;
  readAt: Date | null;
  referenceType: NotificationItem['referenceType'];
  referenceId: number | null;
};

function toItem(row: Row): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    amount: row.amountCents === null ? null : centsToDollars(row.amountCents),
    senderName: row.actorName ?? row.actorUserName ?? DEFAULT_SENDER_NAME,
    senderAvatar: row.actorAvatar,
    senderUsername: row.actorUsername,
    receiverName: row.receiverName,
    receiverAvatar: row.receiverAvatar,
    createdAt: new Date(row.createdAt).toISOString(),
    read: row.readAt !== null,
    referenceType: row.referenceType,
    referenceId: row.referenceId,
  };
}

const selectItems = (db: Executor) =>
  db
    .select(columns)
    .from(notifications)
    .innerJoin(recipients, eq(recipients.id, notifications.recipientId))
    .leftJoin(actors, eq(actors.id, notifications.actorId));

/** One notification, only for its recipient (someone else's answers 404). */
export async function getNotification(
  db: Executor,
  recipientId: number,
  id: number,
): Promise<NotificationItem> {
  const [row] = await selectItems(db).where(
    and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)),
  );
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return toItem(row);
}

const unreadOf = (recipientId: number | SQLWrapper) =>
  and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt));

const unreadCount = preparedStatement('notifications_unread', (db: Database) =>
  db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(unreadOf(sql.placeholder('recipientId'))),
);

export async function countUnread(db: Database, recipientId: number): Promise<number> {
  const [row] = await unreadCount(db, 'all').execute({ recipientId });
  return row?.total ?? 0;
}

const inFilter = (recipientId: number | SQLWrapper, filter: NotificationFilter) =>
  and(
    eq(notifications.recipientId, recipientId),
    filter === 'unread'
      ? isNull(notifications.readAt)
      : filter === 'read'
        ? isNotNull(notifications.readAt)
        : undefined,
  );

// The page and its total in one statement (the count runs once, as an InitPlan), built once per
// filter.
const notificationsPage = preparedStatement(
  'notifications_page',
  (db: Database, filter: NotificationFilter) => {
    const recipientId = sql.placeholder('recipientId');
    const where = inFilter(recipientId, filter);
    return db
      .select({
        ...columns,
        total: db.$count(notifications, where),
      })
      .from(notifications)
      .innerJoin(recipients, eq(recipients.id, notifications.recipientId))
      .leftJoin(actors, eq(actors.id, notifications.actorId))
      .where(where)
      .orderBy(
        asc(sql`${notifications.readAt} is not null`),
        desc(notifications.createdAt),
        desc(notifications.id),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  },
);

/** Unread first, then newest first; the filter really filters. */
export async function listNotifications(
  db: Database,
  recipientId: number,
  { filter, page, limit }: { filter: NotificationFilter; page: number; limit: number },
): Promise<Page<NotificationItem>> {
  // (drizzle types a select over aliased tables as never[]: the row type is stated here.)
  const rows: (Row & { total: number })[] = await notificationsPage(db, filter).execute({
    recipientId,
    limit,
    offset: (page - 1) * limit,
  });
  const total = rows[0]?.total ?? (await db.$count(notifications, inFilter(recipientId, filter)));
  return { items: rows.map(toItem), page, limit, total };
}

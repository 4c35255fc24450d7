import { and, eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import { ONLINE_WINDOW_MS } from '@shared/constants';
import { friendships } from '@shared/tables/friends';
import { users } from '@shared/tables/users';

/** The friendship row between two users, whichever of them asked. */
/**
 * The number of accepted friends of the user in `userId` (a column or a value), each side of a
 * friendship counted from its own index.
 */
export const friendsCountOf = (userId: SQLWrapper) =>
  sql<number>`(
    (select count(*) from friendships asked
      where asked.requester_id = ${userId} and asked.status = 'accepted')
    + (select count(*) from friendships answered
      where answered.addressee_id = ${userId} and answered.status = 'accepted'))`.mapWith(Number);

export const betweenUsers = (a: number, b: number) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );

/** Seen within the last five minutes. */
export const isOnline = sql<boolean>`coalesce(${users.lastSeenAt} > now() - make_interval(secs => ${
  ONLINE_WINDOW_MS / 1000
}), false)`;

import { and, eq, or, sql } from 'drizzle-orm';
import { ONLINE_WINDOW_MS } from '@shared/constants';
import { friendships } from '@shared/schema/friends';
import { users } from '@shared/schema/users';

/** The friendship row between two users, whichever of them asked. */
export const betweenUsers = (a: number, b: number) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );

/** Seen within the last five minutes (DESIGN.md §2). */
export const isOnline = sql<boolean>`coalesce(${users.lastSeenAt} > now() - make_interval(secs => ${
  ONLINE_WINDOW_MS / 1000
}), false)`;

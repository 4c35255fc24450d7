import { type RequestHandler } from 'express';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { users } from '@shared/tables/users';
import { type Database } from '../db/client';

const WRITE_INTERVAL_MS = 60 * 1000;
const MAX_REMEMBERED_USERS = 100_000;

/**
 * Marks the signed-in user as seen (friends show them online for five minutes).
 * At most one write a minute per user: this instance skips users it marked less than a minute
 * ago without a query, and the condition skips rows another instance marked.
 */
export function trackLastSeen(db: Database): RequestHandler {
  // The users this instance marked less than a minute ago (bounded: the least recent go first).
  const markedRecently = new LRUCache<number, true>({
    max: MAX_REMEMBERED_USERS,
    ttl: WRITE_INTERVAL_MS,
  });
  return (request, _response, next) => {
    if (!request.user) return next();
    const userId = request.user.id;
    if (markedRecently.has(userId)) return next();
    markedRecently.set(userId, true);
    db.update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.lastSeenAt), lt(users.lastSeenAt, sql`now() - interval '1 minute'`)),
        ),
      )
      .then(
        () => next(),
        (error: unknown) => next(error),
      );
  };
}

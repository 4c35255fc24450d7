import { type RequestHandler } from 'express';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { users } from '@shared/schema/users';
import { type Database } from '../db/client';

const WRITE_INTERVAL_MS = 60 * 1000;
const MAX_REMEMBERED_USERS = 100_000;

/**
 * Marks the signed-in user as seen (friends show them online for five minutes).
 * At most one write a minute per user: this instance skips users it marked less than a minute
 * ago without a query, and the condition skips rows another instance marked.
 */
export function trackLastSeen(db: Database): RequestHandler {
  // When this instance last marked each user (oldest first, bounded).
  const markedAt = new Map<number, number>();
  return (request, _response, next) => {
    if (!request.user) return next();
    const userId = request.user.id;
    const now = Date.now();
    const last = markedAt.get(userId);
    if (last !== undefined && now - last < WRITE_INTERVAL_MS) return next();
    markedAt.delete(userId);
    markedAt.set(userId, now);
    if (markedAt.size > MAX_REMEMBERED_USERS) {
      const oldest = markedAt.keys().next().value;
      if (oldest !== undefined) markedAt.delete(oldest);
    }
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

import { type RequestHandler } from 'express';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { users } from '@shared/schema/users';
import { type Database } from '../db/client';

/**
 * Marks the signed-in user as seen (friends show them online for five minutes, DESIGN.md §2).
 * At most one write a minute per user: the condition skips fresher rows without writing.
 */
export function trackLastSeen(db: Database): RequestHandler {
  return (request, _response, next) => {
    if (!request.user) return next();
    db.update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(users.id, request.user.id),
          or(isNull(users.lastSeenAt), lt(users.lastSeenAt, sql`now() - interval '1 minute'`)),
        ),
      )
      .then(
        () => next(),
        (error: unknown) => next(error),
      );
  };
}

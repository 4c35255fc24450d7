import { and, eq, isNull, sql } from 'drizzle-orm';
import { PROFILE_MESSAGES } from '@shared/schema/profiles';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { notFound } from '../../lib/errors';

/**
 * The user with this username, in any letter case (the lower(username) index); 404 otherwise, and
 * for a deleted account.
 */
export async function findUserByUsername(db: Executor, username: string) {
  const [user] = await db
    .select({
      id: users.id,
      type: users.type,
      name: users.name,
      username: users.username,
      profilePicture: users.profilePicture,
      verified: users.verified,
    })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.username})`, username.trim().toLowerCase()),
        isNull(users.deletedAt),
      ),
    );
  if (!user) throw notFound(PROFILE_MESSAGES.notFound);
  return user;
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { PROFILE_MESSAGES } from '@shared/schema/profiles';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notFound } from '../../lib/errors';

// Built once: a profile's QR code, its shares and reports, and a friend request by username read
// the user through it.
const userByName = preparedStatement('user_by_username', (db: Executor) =>
  db
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
      and(eq(sql`lower(${users.username})`, sql.placeholder('name')), isNull(users.deletedAt)),
    ),
);

/**
 * The user with this username, in any letter case (the lower(username) index); 404 otherwise, and
 * for a deleted account.
 */
export async function findUserByUsername(db: Executor, username: string) {
  const [user] = await userByName(db, 'all').execute({ name: username.trim().toLowerCase() });
  if (!user) throw notFound(PROFILE_MESSAGES.notFound);
  return user;
}

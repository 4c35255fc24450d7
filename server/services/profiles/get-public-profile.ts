import { sql } from 'drizzle-orm';
import { PROFILE_MESSAGES, type PublicProfile } from '@shared/schema/profiles';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notFound } from '../../lib/errors';
import { friendsCountOf } from '../friends/friendship-queries';

/**
 * The public fields of a profile, and nothing private (no e-mail, phone or hash). One
 * prepared statement (its planning cost as much as its run): the user by username in any letter case (the lower(username) index), their brands
 * and their number of friends (each side of a friendship from its own index). The subqueries
 * name `users.id` outright: drizzle writes a lone table's columns unqualified, and a bare "id"
 * inside them would be the friendship's own.
 */
const profileByUsername = preparedStatement('public_profile', (db: Database) =>
  db
    .select({
      name: users.name,
      username: users.username,
      profilePicture: users.profilePicture,
      verified: users.verified,
      type: users.type,
      brands: sql<string[]>`coalesce((
        select json_agg(chosen.brand_id order by chosen.brand_id)
        from user_brands chosen where chosen.user_id = users.id), '[]'::json)`,
      friendsCount: friendsCountOf(sql`users.id`),
    })
    .from(users)
    .where(
      sql`lower(${users.username}) = ${sql.placeholder('username')} and ${users.deletedAt} is null`,
    ),
);

export async function getPublicProfile(db: Database, username: string): Promise<PublicProfile> {
  const [user] = await profileByUsername(db, 'all').execute({
    username: username.trim().toLowerCase(),
  });
  if (!user) throw notFound(PROFILE_MESSAGES.notFound);
  return {
    name: user.name,
    username: user.username,
    profilePicture: user.profilePicture,
    verified: user.verified,
    friendsCount: user.friendsCount,
    brands: user.brands,
    type: user.type,
  };
}

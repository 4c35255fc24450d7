import { eq, sql } from 'drizzle-orm';
import { type CurrentUser } from '@shared/schema/users';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { friendsCountOf } from '../friends/friendship-queries';

/** The signed-in user's own view of their account, with brands and identifiers in one query. */
export async function getCurrentUser(db: Executor, userId: number): Promise<CurrentUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      type: users.type,
      name: users.name,
      username: users.username,
      email: users.email,
      phone: users.phone,
      profilePicture: users.profilePicture,
      verified: users.verified,
      createdAt: users.createdAt,
      friendsCount: friendsCountOf(sql`users.id`),
      brands: sql<
        string[]
      >`coalesce((select array_agg(ub.brand_id order by ub.brand_id) from user_brands ub where ub.user_id = users.id), '{}')`,
      identifiers: sql<
        number[]
      >`coalesce((select array_agg(ui.identifier_id order by ui.identifier_id) from user_identifiers ui where ui.user_id = users.id), '{}')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    ...row,
    brands: row.brands,
    identifiers: row.identifiers.map(Number),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { friendships } from '@shared/tables/friends';
import { blocks } from '@shared/tables/messages';
import { type UserType } from '@shared/constants';
import { type UserSearchResult } from '@shared/schema/gift-cards';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';

const RESULTS_MAX = 20;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * People whose username or name starts with the query, or whose name has a word starting with it,
 * never the searcher, a deleted account or anyone blocked either way (a gift or a friend request to
 * them is refused as to nobody, so the search does not offer them); exact-prefix usernames first, each with the searcher's
 * friendship status. Prefix matches use the lower(...) indexes.
 */
export async function searchUsers(
  db: Database,
  searcherId: number,
  { q, type }: { q: string; type?: UserType | undefined },
): Promise<UserSearchResult[]> {
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  const wordPrefix = `% ${escapeLike(q.toLowerCase())}%`;
  const username = sql`lower(${users.username})`;
  const name = sql`lower(${users.name})`;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      profilePicture: users.profilePicture,
      verified: users.verified,
      type: users.type,
      friendshipStatus: friendships.status,
    })
    .from(users)
    .leftJoin(
      friendships,
      or(
        and(eq(friendships.requesterId, searcherId), eq(friendships.addresseeId, users.id)),
        and(eq(friendships.addresseeId, searcherId), eq(friendships.requesterId, users.id)),
      ),
    )
    .where(
      and(
        ne(users.id, searcherId),
        isNull(users.deletedAt),
        sql`not exists (
          select 1 from ${blocks}
          where (${blocks.blockerId} = ${searcherId} and ${blocks.blockedId} = ${users.id})
             or (${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${searcherId})
        )`,
        type ? sql`${users.type} = ${type}` : undefined,
        or(
          sql`${username} like ${prefix}`,
          sql`${name} like ${prefix}`,
          sql`${name} like ${wordPrefix}`,
        ),
      ),
    )
    .orderBy(
      sql`case when ${username} like ${prefix} then 0 else 1 end`,
      asc(username),
      asc(users.id),
    )
    .limit(RESULTS_MAX);
  // A rejected request reads as no friendship: the searcher may ask again.
  return rows.map((row) => ({
    ...row,
    friendshipStatus:
      row.friendshipStatus === 'accepted' || row.friendshipStatus === 'pending'
        ? row.friendshipStatus
        : 'none',
  }));
}

import { sql } from 'drizzle-orm';
import { type SuggestedFriend } from '@shared/schema/friends';
import { type Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';

type SuggestionRow = {
  id: number;
  name: string;
  username: string;
  profile_picture: string | null;
  mutual_friends: number | string;
};

/** How many of the newest people per shared brand are considered: keeps the query bounded. */
const CANDIDATES_PER_BRAND = 100;

// Prepared per page size (at most 50 shapes): its planning cost as much as its run.
const suggestions = preparedQuery<SuggestionRow, string>(
  'friend_suggestions',
  (limit) => sql`
    with links as (
      select addressee_id as id, status from friendships where requester_id = ${sql.placeholder('userId')}
      union all
      select requester_id as id, status from friendships where addressee_id = ${sql.placeholder('userId')}
    ),
    my_friends as (select id from links where status = 'accepted'),
    friends_of_friends as (
      select candidate.id, count(*) as mutual
      from my_friends mine
      cross join lateral (
        select addressee_id as id from friendships
        where requester_id = mine.id and status = 'accepted'
        union all
        select requester_id as id from friendships
        where addressee_id = mine.id and status = 'accepted'
      ) as candidate
      group by candidate.id
    ),
    shared_brands as (
      select candidate.user_id as id, count(*) as shared
      from user_brands mine
      cross join lateral (
        select theirs.user_id from user_brands theirs
        where theirs.brand_id = mine.brand_id and theirs.user_id <> ${sql.placeholder('userId')}
        order by theirs.user_id desc
        limit ${sqlInteger(CANDIDATES_PER_BRAND)}
      ) as candidate
      where mine.user_id = ${sql.placeholder('userId')}
      group by candidate.user_id
    ),
    candidates as (
      select coalesce(fof.id, brands.id) as id,
             coalesce(fof.mutual, 0) as mutual, coalesce(brands.shared, 0) as shared
      from friends_of_friends fof
      full join shared_brands brands on brands.id = fof.id
    ),
    -- Ranked on ids alone; only the chosen few are joined to their user rows.
    ranked as (
      select candidates.id, candidates.mutual, candidates.shared
      from candidates
      where candidates.id <> ${sql.placeholder('userId')}
        and not exists (
          select 1 from links where links.id = candidates.id and links.status in ('accepted', 'pending')
        )
        -- Nobody blocked either way is suggested.
        and not exists (
          select 1 from blocks
          where (blocks.blocker_id = ${sql.placeholder('userId')} and blocks.blocked_id = candidates.id)
             or (blocks.blocker_id = candidates.id and blocks.blocked_id = ${sql.placeholder('userId')})
        )
      order by candidates.mutual desc, candidates.shared desc, candidates.id asc
      limit ${sqlInteger(Number(limit))}
    )
    select users.id, users.name, users.username, users.profile_picture,
           ranked.mutual as mutual_friends
    from ranked
    join users on users.id = ranked.id
    order by ranked.mutual desc, ranked.shared desc, ranked.id asc`,
);

/**
 * People the user may know: friends of their friends first (most mutual friends first), then
 * people who share their favourite brands (most shared brands first, newest accounts among the
 * newest of each brand first); never the user, a friend or someone with a pending request either
 * way. Every step is an index lookup, so the cost does not grow with the number of users.
 */
export async function suggestFriends(
  db: Database,
  userId: number,
  limit: number,
): Promise<SuggestedFriend[]> {
  const rows = await suggestions(db, String(limit), { userId });
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    username: row.username,
    mutualFriends: Number(row.mutual_friends),
    profilePicture: row.profile_picture,
  }));
}

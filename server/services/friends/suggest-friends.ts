import { sql } from 'drizzle-orm';
import { type SuggestedFriend } from '@shared/schema/friends';
import { type Database } from '../../db/client';
import { queryRows } from '../../db/query-rows';

type SuggestionRow = {
  id: number;
  name: string;
  username: string;
  profile_picture: string | null;
  mutual_friends: number | string;
};

/**
 * People the user may know: friends of their friends first (most mutual friends first), then
 * people who share their favourite brands; never the user, a friend or someone with a pending
 * request either way.
 */
export async function suggestFriends(
  db: Database,
  userId: number,
  limit: number,
): Promise<SuggestedFriend[]> {
  const rows = await queryRows<SuggestionRow>(
    db,
    sql`
    with my_friends as (
      select case when requester_id = ${userId} then addressee_id else requester_id end as id
      from friendships
      where status = 'accepted' and (requester_id = ${userId} or addressee_id = ${userId})
    ),
    connected as (
      select case when requester_id = ${userId} then addressee_id else requester_id end as id
      from friendships
      where status in ('accepted', 'pending') and (requester_id = ${userId} or addressee_id = ${userId})
    ),
    friends_of_friends as (
      select case when f.requester_id = mine.id then f.addressee_id else f.requester_id end as id,
             count(*) as mutual
      from friendships f
      join my_friends mine on f.requester_id = mine.id or f.addressee_id = mine.id
      where f.status = 'accepted'
      group by 1
    ),
    shared_brands as (
      select theirs.user_id as id, count(*) as shared
      from user_brands mine
      join user_brands theirs on theirs.brand_id = mine.brand_id and theirs.user_id <> mine.user_id
      where mine.user_id = ${userId}
      group by theirs.user_id
    )
    select users.id, users.name, users.username, users.profile_picture,
           coalesce(friends_of_friends.mutual, 0) as mutual_friends
    from users
    left join friends_of_friends on friends_of_friends.id = users.id
    left join shared_brands on shared_brands.id = users.id
    where users.id <> ${userId}
      and not exists (select 1 from connected where connected.id = users.id)
      and (friends_of_friends.id is not null or shared_brands.id is not null)
    order by coalesce(friends_of_friends.mutual, 0) desc, coalesce(shared_brands.shared, 0) desc,
             users.id asc
    limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    username: row.username,
    mutualFriends: Number(row.mutual_friends),
    profilePicture: row.profile_picture,
  }));
}

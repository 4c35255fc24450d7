import { sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import {
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardStanding,
} from '@shared/schema/gift-cards';
import { type Database } from '../../db/client';
import { queryRows } from '../../db/query-rows';

/**
 * One period's rows of leaderboard_totals (the rank index's leading columns): the period's
 * current start comes from leaderboard_periods(now()), the same function the triggers on `gifts`
 * file each gift with (migration 0008).
 */
function inPeriod(period: LeaderboardPeriod, alias: SQL): SQL {
  return sql`${alias}.period = ${period} and ${alias}.period_start = (
    select this.period_start from leaderboard_periods(now()) as this
    where this.period = ${period})`;
}

type RankedRow = {
  id: number;
  name: string;
  username: string;
  profile_picture: string | null;
  total_cents: string | number;
};

/** The top gifters of the period (DESIGN.md §1: the period really filters). */
export async function getLeaderboard(
  db: Database,
  { period, limit }: { period: LeaderboardPeriod; limit: number },
): Promise<LeaderboardEntry[]> {
  // Best first, ties by id: the top of the rank index, then the users by primary key.
  const rows = await queryRows<RankedRow>(
    db,
    sql`
    select users.id, users.name, users.username, users.profile_picture, totals.total_cents
    from leaderboard_totals totals
    join users on users.id = totals.user_id
    where ${inPeriod(period, sql`totals`)}
    order by totals.total_cents desc nulls last, totals.user_id asc
    limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    username: row.username,
    profile_picture: row.profile_picture,
    total_value: centsToDollars(Number(row.total_cents)),
  }));
}

type StandingRow = {
  rank: string | number | null;
  total_cents: string | number | null;
  above_cents: string | number | null;
  ranked_users: string | number;
};

/** Points are whole dollars of gifts sent (spec §3: integer from total_value). */
const points = (cents: number) => Math.trunc(cents / 100);

/** Where the consumer stands in the period, and how far the next place is. */
export async function getLeaderboardStanding(
  db: Database,
  userId: number,
  period: LeaderboardPeriod,
): Promise<LeaderboardStanding> {
  // Rank = 1 + those ahead (more points, or as many and a smaller id): index range counts.
  const rows = await queryRows<StandingRow>(
    db,
    sql`
    with mine as (
      select totals.total_cents from leaderboard_totals totals
      where ${inPeriod(period, sql`totals`)} and totals.user_id = ${userId}
    )
    select
      (select count(*) + 1 from leaderboard_totals ahead
        where ${inPeriod(period, sql`ahead`)}
          and (ahead.total_cents > mine.total_cents
               or (ahead.total_cents = mine.total_cents and ahead.user_id < ${userId}))
      ) as rank,
      mine.total_cents,
      (select ahead.total_cents from leaderboard_totals ahead
        where ${inPeriod(period, sql`ahead`)}
          and (ahead.total_cents > mine.total_cents
               or (ahead.total_cents = mine.total_cents and ahead.user_id < ${userId}))
        order by ahead.total_cents asc nulls first, ahead.user_id desc
        limit 1
      ) as above_cents,
      (select count(*) from leaderboard_totals everyone
        where ${inPeriod(period, sql`everyone`)}) as ranked_users
    from (select 1) as one left join mine on true`,
  );
  const row = rows[0];
  const rankedUsers = Number(row?.ranked_users ?? 0);
  if (!row || row.total_cents === null) {
    return { period, rank: null, points: 0, rankedUsers, pointsToNextRank: 0 };
  }
  const myPoints = points(Number(row.total_cents));
  const above = row.above_cents === null ? null : points(Number(row.above_cents));
  return {
    period,
    rank: Number(row.rank),
    points: myPoints,
    rankedUsers,
    // To pass the consumer above, one point more than they have.
    pointsToNextRank: above === null ? 0 : Math.max(1, above - myPoints + 1),
  };
}

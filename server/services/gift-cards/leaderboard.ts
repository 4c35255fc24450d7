import { sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import {
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardStanding,
} from '@shared/schema/gift-cards';
import { type Database } from '../../db/client';
import { queryRows } from '../../db/query-rows';

/** Where each period starts: calendar week (from Monday), month and year, in UTC. */
function periodFilter(period: LeaderboardPeriod): SQL {
  switch (period) {
    case 'week':
      return sql`and created_at >= date_trunc('week', now(), 'UTC')`;
    case 'month':
      return sql`and created_at >= date_trunc('month', now(), 'UTC')`;
    case 'year':
      return sql`and created_at >= date_trunc('year', now(), 'UTC')`;
    case 'all':
      return sql``;
  }
}

/** Each consumer's total value of gifts sent in the period, ranked best first (ties by id). */
function rankedTotals(period: LeaderboardPeriod): SQL {
  return sql`
    with totals as (
      select sender_id, sum(value_cents)::bigint as total_cents
      from gifts
      where sender_id is not null ${periodFilter(period)}
      group by sender_id
    )
    select totals.sender_id, totals.total_cents,
           row_number() over (order by totals.total_cents desc, totals.sender_id asc) as rank,
           count(*) over () as ranked_users
    from totals
    join users on users.id = totals.sender_id and users.type = 'consumer'`;
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
  const rows = await queryRows<RankedRow>(
    db,
    sql`
    with ranked as (${rankedTotals(period)})
    select users.id, users.name, users.username, users.profile_picture, ranked.total_cents
    from ranked join users on users.id = ranked.sender_id
    order by ranked.rank
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
  const rows = await queryRows<StandingRow>(
    db,
    sql`
    with ranked as (${rankedTotals(period)}),
    mine as (select rank, total_cents from ranked where sender_id = ${userId})
    select mine.rank, mine.total_cents,
           (select ranked.total_cents from ranked where ranked.rank = mine.rank - 1) as above_cents,
           (select count(*) from ranked) as ranked_users
    from (select 1) as one left join mine on true`,
  );
  const row = rows[0];
  const rankedUsers = Number(row?.ranked_users ?? 0);
  if (!row || row.rank === null) {
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

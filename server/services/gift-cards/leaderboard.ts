import { sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type LeaderboardPeriod } from '@shared/constants';
import { type LeaderboardEntry, type LeaderboardStanding } from '@shared/schema/gift-cards';
import { type Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';

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

// Best first, ties by id: the top of the rank index, then the users by primary key. Prepared per
// period and page size (a few dozen shapes): planning it cost as much as running it.
const leaderboardPage = preparedQuery<RankedRow, `${LeaderboardPeriod}_${number}`>(
  'leaderboard_page',
  (variant) => {
    const [period, limit] = variant.split('_') as [LeaderboardPeriod, string];
    return sql`
    select users.id, users.name, users.username, users.profile_picture, totals.total_cents
    from leaderboard_totals totals
    join users on users.id = totals.user_id
    where ${inPeriod(period, sql`totals`)}
    order by totals.total_cents desc nulls last, totals.user_id asc
    limit ${sqlInteger(Number(limit))}`;
  },
);

/** The top gifters of the period: only gifts sent within the period count. */
export async function getLeaderboard(
  db: Database,
  { period, limit }: { period: LeaderboardPeriod; limit: number },
): Promise<LeaderboardEntry[]> {
  const rows = await leaderboardPage(db, `${period}_${limit}`, {});
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    username: row.username,
    profile_picture: row.profile_picture,
    total_value: centsToDollars(Number(row.total_cents)),
  }));
}

type StandingRow = {
  total_cents: string | number | null;
  ties_ahead: string | number | null;
  larger_total_users: string | number | null;
  next_total_cents: string | number | null;
  ranked_users: string | number | null;
};

// Ahead of the consumer: everyone with a larger total (the period's rows of
// leaderboard_total_counts, one per distinct total), and those with the same total and a smaller
// id (a range of the rank index). The counts' rows also give the period's ranked users and the
// next larger total, so no statement counts the period's whole population.
// Prepared per period: planning it cost as much as running it.
const leaderboardStanding = preparedQuery<StandingRow, LeaderboardPeriod>(
  'leaderboard_standing',
  (period) => sql`
    with mine as (
      select totals.total_cents from leaderboard_totals totals
      where ${inPeriod(period, sql`totals`)} and totals.user_id = ${sql.placeholder('userId')}
    )
    select
      mine.total_cents,
      (select count(*) from leaderboard_totals tie
        where ${inPeriod(period, sql`tie`)}
          and tie.total_cents = mine.total_cents and tie.user_id < ${sql.placeholder('userId')}
      ) as ties_ahead,
      counts.larger_total_users,
      counts.next_total_cents,
      counts.ranked_users
    from (select 1) as one
    left join mine on true
    cross join lateral (
      select
        sum(counts.users) as ranked_users,
        sum(counts.users) filter (where counts.total_cents > mine.total_cents) as larger_total_users,
        min(counts.total_cents) filter (where counts.total_cents > mine.total_cents)
          as next_total_cents
      from leaderboard_total_counts counts
      where ${inPeriod(period, sql`counts`)}
    ) as counts`,
);

/** Points are whole dollars of gifts sent: the integer part of total_value. */
const points = (cents: number) => Math.trunc(cents / 100);

/** Where the consumer stands in the period, and how far the next place is. */
export async function getLeaderboardStanding(
  db: Database,
  userId: number,
  period: LeaderboardPeriod,
): Promise<LeaderboardStanding> {
  const rows = await leaderboardStanding(db, period, { userId });
  const row = rows[0];
  const rankedUsers = Number(row?.ranked_users ?? 0);
  if (!row || row.total_cents === null) {
    return { period, rank: null, points: 0, rankedUsers, pointsToNextRank: 0 };
  }
  const tiesAhead = Number(row.ties_ahead ?? 0);
  const myPoints = points(Number(row.total_cents));
  // The place just ahead: a tie with a smaller id if any, else the next larger total.
  const aboveCents = tiesAhead > 0 ? Number(row.total_cents) : row.next_total_cents;
  const above = aboveCents === null ? null : points(Number(aboveCents));
  return {
    period,
    rank: 1 + Number(row.larger_total_users ?? 0) + tiesAhead,
    points: myPoints,
    rankedUsers,
    // To pass the consumer above, one point more than they have.
    pointsToNextRank: above === null ? 0 : Math.max(1, above - myPoints + 1),
  };
}

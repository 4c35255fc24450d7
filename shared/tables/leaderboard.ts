import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { LEADERBOARD_PERIODS } from '../constants';
import { users } from './users';

/**
 * Each consumer's total of gifts sent per leaderboard period ('week', 'month', 'year' from their
 * UTC start; 'all' under 1970-01-01). Kept by triggers on `gifts` (migration 0008) in the same
 * statement that writes a gift, so it is always exact; the leaderboard reads the top of one
 * period from an index instead of summing every gift.
 */
export const leaderboardTotals = pgTable(
  'leaderboard_totals',
  {
    period: text('period', { enum: LEADERBOARD_PERIODS }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.periodStart, table.userId] }),
    index('leaderboard_totals_rank_idx').on(
      table.period,
      table.periodStart,
      table.totalCents.desc(),
      table.userId,
    ),
    index('leaderboard_totals_user_idx').on(table.userId),
  ],
);

/**
 * How many consumers have each total in a leaderboard period, kept by the same triggers on `gifts`
 * as leaderboard_totals (migration 0012), in the same statement. A consumer's rank is then 1 + the
 * users of the larger totals (one row per distinct total, and totals are few) + the users tied
 * with them who have a smaller id (a range of the rank index), and the period's ranked users are
 * the sum of its rows: the standing never counts the period's whole population. There is no row
 * for a total nobody has.
 */
export const leaderboardTotalCounts = pgTable(
  'leaderboard_total_counts',
  {
    period: text('period', { enum: LEADERBOARD_PERIODS }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    users: integer('users').notNull(),
  },
  (table) => [primaryKey({ columns: [table.period, table.periodStart, table.totalCents] })],
);

import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
    period: text('period', { enum: ['week', 'month', 'year', 'all'] }).notNull(),
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

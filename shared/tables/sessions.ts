import { sql } from 'drizzle-orm';
import { index, integer, json, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** express-session rows, in the layout connect-pg-simple reads and writes. */
export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6, withTimezone: true }).notNull(),
  },
  (table) => [
    index('session_expire_idx').on(table.expire),
    // A user's sessions (the settings list, signing out everywhere else), by the id passport keeps.
    index('session_user_idx').on(sql`((${table.sess} -> 'passport' -> 'user' ->> 'id'))`),
  ],
);

/** Fixed-window counters shared by every app instance (login and registration throttling). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.resetAt)],
);

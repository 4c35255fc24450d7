import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROFILE_REPORT_STATUSES, REPORT_REASONS, SHARE_PLATFORMS } from '../constants';
import { users } from './users';

/** Someone shared a profile (POST /api/analytics/share). */
export const shareEvents = pgTable(
  'share_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform', { enum: SHARE_PLATFORMS }).notNull(),
    profileUserId: integer('profile_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who shared it; null for a guest. */
    sharedBy: integer('shared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('share_events_profile_idx').on(table.profileUserId, table.createdAt)],
);

/** A signed-in user reports a profile for review; one open report per reporter and profile. */
export const profileReports = pgTable(
  'profile_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedUserId: integer('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: PROFILE_REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('profile_reports_open_idx')
      .on(table.reporterId, table.reportedUserId)
      .where(sql`${table.status} = 'open'`),
    index('profile_reports_reported_idx').on(table.reportedUserId, table.createdAt),
  ],
);

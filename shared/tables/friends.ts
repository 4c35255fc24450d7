import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FRIENDSHIP_STATUSES } from '../constants';
import { users } from './users';

/** A friend request and, once accepted, the friendship: one row per pair. */
export const friendships = pgTable(
  'friendships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: integer('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: FRIENDSHIP_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    check('friendships_not_self_check', sql`${table.requesterId} <> ${table.addresseeId}`),
    // One row per pair, whichever side asked.
    uniqueIndex('friendships_pair_idx').on(
      sql`least(${table.requesterId}, ${table.addresseeId})`,
      sql`greatest(${table.requesterId}, ${table.addresseeId})`,
    ),
    index('friendships_requester_idx').on(table.requesterId, table.status),
    index('friendships_addressee_idx').on(table.addresseeId, table.status),
  ],
);

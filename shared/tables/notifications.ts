import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  LEAD_STATUSES,
  NOTIFICATION_REFERENCES,
  NOTIFICATION_TYPES,
  POST_ACTIVITY_NOTIFICATIONS,
} from '../constants';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    /** Who caused it; null for the system or a guest (then actorName says who). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    amountCents: integer('amount_cents'),
    message: text('message').notNull(),
    referenceType: text('reference_type', { enum: NOTIFICATION_REFERENCES }),
    referenceId: integer('reference_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_recipient_idx').on(table.recipientId, table.createdAt, table.id),
    index('notifications_unread_idx')
      .on(table.recipientId)
      .where(sql`${table.readAt} is null`),
    // One likes notification and one comments notification per recipient and post: the upsert
    // that rewrites it as more people act relies on this, so two likes at once make one.
    uniqueIndex('notifications_post_activity_idx')
      .on(table.recipientId, table.type, table.referenceId)
      .where(postActivityKinds(table.type)),
  ],
);

/** The partial index's predicate; the upsert names the same one as its conflict target. */
export function postActivityKinds(type: AnyPgColumn) {
  const kinds = POST_ACTIVITY_NOTIFICATIONS.map((kind) => `'${kind}'`).join(', ');
  return sql`${type} in (${sql.raw(kinds)})`;
}

/** Per-kind choice of in-app notifications; a missing row means on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    inApp: boolean('in_app').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/** A business's customer (a lead). A claim creates or refreshes the consumer's lead. */
export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The consumer behind a lead from a claim; null for one the business added. */
    consumerId: integer('consumer_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('New'),
    source: text('source').notNull().default('Direct'),
    notes: text('notes').notNull().default(''),
    lastContacted: timestamp('last_contacted', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('leads_business_consumer_idx')
      .on(table.businessId, table.consumerId)
      .where(sql`${table.consumerId} is not null`),
    index('leads_business_created_idx').on(table.businessId, table.createdAt, table.id),
    index('leads_business_status_idx').on(table.businessId, table.status),
  ],
);

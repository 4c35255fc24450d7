import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PROFILE_REPORT_STATUSES, REPORT_REASONS } from '../constants';
import { giftCards } from './gift-cards';
import { users } from './users';

/** A conversation between two users: one row per pair, the smaller user id first. */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userLowId: integer('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: integer('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('conversations_ordered_pair_check', sql`${table.userLowId} < ${table.userHighId}`),
    uniqueIndex('conversations_pair_idx').on(table.userLowId, table.userHighId),
  ],
);

/**
 * Each participant's side of a conversation: what they have read, when it last had activity (the
 * order of their list) and until when they have it open (no message notification meanwhile).
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherUserId: integer('other_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message id this participant has seen (0 for none). */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    viewingUntil: timestamp('viewing_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    uniqueIndex('conversation_participants_user_other_idx').on(table.userId, table.otherUserId),
    index('conversation_participants_list_idx').on(
      table.userId,
      table.lastActivityAt.desc(),
      table.conversationId.desc(),
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sender's own id for the message, so a retried send stores it once. */
    clientId: text('client_id').notNull(),
    /** As the sender wrote it (trimmed); '' once deleted. */
    text: text('text').notNull(),
    imageUrl: text('image_url'),
    giftCardId: integer('gift_card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.id),
    uniqueIndex('messages_sender_client_idx').on(table.senderId, table.clientId),
  ],
);

/** Who blocked whom: the blocked person can no longer message, befriend or gift the blocker. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    check('blocks_not_self_check', sql`${table.blockerId} <> ${table.blockedId}`),
    index('blocks_blocked_idx').on(table.blockedId),
  ],
);

/** A participant reports a message for review; one open report per reporter and message. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    /** The text as it was when reported, so a later deletion does not erase the evidence. */
    reportedText: text('reported_text').notNull(),
    status: text('status', { enum: PROFILE_REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_reports_open_idx')
      .on(table.reporterId, table.messageId)
      .where(sql`${table.status} = 'open'`),
    index('message_reports_message_idx').on(table.messageId),
  ],
);

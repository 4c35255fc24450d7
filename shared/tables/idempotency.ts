import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every Idempotency-Key a write that moves value was sent with, and what that request was. One
 * table for every route that takes a key, rather than a column beside each route's own key (the
 * gift, the ledger transaction): the rule is the same everywhere — the same key with the same
 * request answers the first result, with another request it is refused — so it is written once.
 * The row is inserted in the transaction that does the work, so a key is never bound to a request
 * that did nothing, and two requests racing with one key meet at the primary key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key space: `user:<id>` for a signed-in caller, `email:<address>` for a guest. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the method, the path and the body as canonical JSON. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

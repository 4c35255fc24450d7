import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Customer segments ("Coffee lover") that consumers pick and businesses target. */
export const identifiers = pgTable('identifiers', {
  /** Fixed ids: reference data is seeded idempotently by id. */
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  category: text('category').notNull(),
  description: text('description'),
  icon: text('icon'),
});

import { pgTable, text } from 'drizzle-orm/pg-core';

export const brands = pgTable('brands', {
  /** The slug, e.g. `starbucks`. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** A logo keyword (`coffee`, `cart`, `doughnut`) that the client maps to an emoji. */
  logo: text('logo'),
});

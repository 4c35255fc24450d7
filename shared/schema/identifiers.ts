import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ID_MAX } from '../constants';

/** Customer segments ("Coffee lover") that consumers pick and businesses target. */
export const identifiers = pgTable('identifiers', {
  /** Fixed ids: reference data is seeded idempotently by id. */
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  category: text('category').notNull(),
  description: text('description'),
  icon: text('icon'),
});

/** One identifier's id in a request (a consumer's choices, a pin's targets). */
export const identifierIdSchema = z
  .number({ error: 'Identifier ids must be numbers' })
  .int()
  .positive()
  .max(ID_MAX, 'Unknown identifier');

export type Identifier = {
  id: number;
  name: string;
  category: string;
  description: string | null;
  icon: string | null;
};

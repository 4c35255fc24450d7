import { z } from 'zod';

/**
 * A moment as the API answers it: the text `Date#toISOString()` writes (JSON has no dates), in
 * UTC. A day alone, a local time or a number is not one: every client reads the same instant.
 */
export const isoDateTime = (description = 'ISO 8601 date-time') =>
  z.iso.datetime().describe(description);

/** Money as the API answers it: dollars with at most two decimals (cents are the database's). */
export const dollarAmount = (description = 'Dollars') => z.number().describe(description);

/** A person as answers show them: who they are and their picture (nothing private). */
export const personFields = {
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
};

import { z } from 'zod';
import { ID_MAX } from '../constants';

/** One identifier's id in a request (a consumer's choices, a pin's targets). */
export const identifierIdSchema = z
  .number({ error: 'Identifier ids must be numbers' })
  .int()
  .positive()
  .max(ID_MAX, 'Unknown identifier');

/** An identifier of the catalogue (`GET /api/identifiers`): what a consumer says about themselves. */
export const identifierSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.string(),
    description: z.string().nullable(),
    icon: z.string().nullable(),
  })
  .describe('An identifier a consumer can choose and a pin can target');
export type Identifier = z.infer<typeof identifierSchema>;

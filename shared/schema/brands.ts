import { z } from 'zod';

/** A brand of the catalogue (`GET /api/brands`); `logo` is a keyword the client maps to an emoji. */
export const brandSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** A keyword such as 'coffee' (see `logoEmoji`), or null for the default gift. */
    logo: z.string().nullable().describe("A keyword such as 'coffee', or null"),
  })
  .describe('A brand of the catalogue');
export type Brand = z.infer<typeof brandSchema>;

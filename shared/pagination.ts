import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

/** `?page=&limit=` of every paginated list: page from 1, at most 100 items a page. */
export const pageQueryFields = {
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .default(1)
    .describe('The page to answer, from 1'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${PAGE_SIZE_MAX}`)
    .max(PAGE_SIZE_MAX, `limit must be between 1 and ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT)
    .describe(`How many items a page holds, at most ${PAGE_SIZE_MAX}`),
};

import { z } from 'zod';
import { ID_MAX, LIMITS } from './constants';
import { PROFILE_MESSAGES } from './schema/profiles';

/**
 * The `:id` of a path, named in its message ('Pin id must be a number'): a positive whole number
 * that fits the database's integer ids.
 */
export function idParam(label: string) {
  const message = `${label} id must be a number`;
  return z.object({
    id: z.coerce
      .number({ error: message })
      .int(message)
      .positive(message)
      .max(ID_MAX, message)
      .describe(`The ${label.toLowerCase()}'s id`),
  });
}

/** The `:username` of a path: a name no account can have is simply not found. */
export const usernameParam = z.object({
  username: z
    .string()
    .trim()
    .min(1, PROFILE_MESSAGES.notFound)
    .max(LIMITS.usernameLookupMax, PROFILE_MESSAGES.notFound)
    .describe('The username, as on the profile address /u/{username}'),
});

import { type z } from 'zod';
import { AppError } from './errors';

/**
 * Parses input with the shared zod schema of a call. A failure becomes a 400 whose message is the
 * first problem (the spec's message where it has one) and whose `errors` name every field.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    errors[field] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Invalid input';
  throw new AppError('VALIDATION', first, { errors });
}

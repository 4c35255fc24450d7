import { type z } from 'zod';
import { AppError } from './errors';

/**
 * Parses input with the shared zod schema of a call. A failure becomes a 400 whose message is the
 * first problem (the user-facing message where it has one) and whose `errors` name every field.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
      errors[field] ??= issue.message;
    }
    const first = result.error.issues[0]?.message ?? 'Invalid input';
    throw new AppError('VALIDATION', first, { errors });
  }
  const unstorable = unstorableTextField(result.data);
  if (unstorable !== undefined) {
    throw new AppError('VALIDATION', UNSTORABLE_TEXT_MESSAGE, {
      errors: { [unstorable]: UNSTORABLE_TEXT_MESSAGE },
    });
  }
  return result.data;
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain NUL characters or unpaired surrogates';

/** Half of a surrogate pair: valid in a JavaScript string, not in UTF-8 (nor in Postgres text). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text Postgres can store as sent: no NUL (it fails the statement), no lone surrogate. */
export const isStorableText = (text: string) =>
  !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * The field of the first string in the parsed input that Postgres cannot store as sent (a NUL
 * fails the statement; a lone surrogate would be stored as U+FFFD). Every string a client sends
 * (body, query, path parameter) reaches the services through parseInput, so this one check
 * covers them all. Only what the schema kept is looked at, without recursion: unknown fields
 * were stripped, and a deep value cannot exhaust the stack.
 */
function unstorableTextField(data: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value: data, path: '' }];
  for (let next = 0; next < pending.length; next++) {
    const { value, path } = pending[next]!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path || 'body';
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: join(path, index) }));
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      for (const [key, item] of Object.entries(value)) {
        pending.push({ value: item, path: join(path, key) });
      }
    }
  }
  return undefined;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

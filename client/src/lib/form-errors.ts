import { ApiError } from './api-client';

/**
 * The server's per-field messages (`errors` in an ApiError body) for the fields a form shows, in
 * the form's order. `aliases` maps a server field name onto the form field that holds it.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  aliases: Partial<Record<string, Field>> = {},
): Array<[Field, string]> {
  if (!(error instanceof ApiError)) return [];
  const found = new Map<Field, string>();
  for (const [key, message] of Object.entries(error.errors)) {
    const field = (fields as readonly string[]).includes(key) ? (key as Field) : aliases[key];
    if (field && !found.has(field)) found.set(field, message);
  }
  return fields.filter((field) => found.has(field)).map((field) => [field, found.get(field)!]);
}

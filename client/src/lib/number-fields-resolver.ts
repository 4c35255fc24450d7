import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver } from 'react-hook-form';
import { type z } from 'zod';

/** The text of a number input as a number: empty or unparsable text becomes NaN (not 0). */
export function parseNumberInput(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/**
 * Number inputs hold text while the user types; the shared schemas take numbers. This resolver
 * converts the named fields and then validates with the shared schema, so a form checks exactly
 * what the server will.
 */
export function numberFieldsResolver<TValues extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  numberFields: ReadonlyArray<keyof TValues & string>,
): Resolver<TValues, unknown, z.output<TSchema>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<
    FieldValues,
    unknown,
    z.output<TSchema>
  >;
  return (values, context, options) => {
    const converted: FieldValues = { ...values };
    for (const field of numberFields) converted[field] = parseNumberInput(String(values[field]));
    return resolve(converted, context, options as never) as ReturnType<
      Resolver<TValues, unknown, z.output<TSchema>>
    >;
  };
}

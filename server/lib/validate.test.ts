import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { parseInput, UNSTORABLE_TEXT_MESSAGE } from './validate';

const schema = z.object({
  name: z.string(),
  tags: z.array(z.string()).default([]),
  address: z.object({ street: z.string() }).optional(),
});

function refusal(input: unknown): { status: number; message: string; errors: unknown } {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof AppError) {
      return { status: error.status, message: error.message, errors: error.errors };
    }
    throw error;
  }
  throw new Error('parseInput took the input');
}

describe('parseInput', () => {
  it('answers 400 naming the first field that fails the schema', () => {
    expect(refusal({ name: 5 })).toEqual({
      status: 400,
      message: expect.any(String),
      errors: { name: expect.any(String) },
    });
  });

  // Found by the bad-input properties: Postgres text cannot hold NUL (the statement failed with a
  // 500), and a lone surrogate was stored as U+FFFD instead of what was sent.
  it('refuses a NUL or an unpaired surrogate in any string the schema keeps, naming where', () => {
    for (const [input, field] of [
      [{ name: 'a\u0000b' }, 'name'],
      [{ name: '\ud800' }, 'name'],
      [{ name: 'x\udc00y' }, 'name'],
      [{ name: 'ok', tags: ['fine', 'bad\u0000'] }, 'tags.1'],
      [{ name: 'ok', address: { street: 'Main\ud83d' } }, 'address.street'],
    ] as const) {
      expect(refusal(input)).toEqual({
        status: 400,
        message: UNSTORABLE_TEXT_MESSAGE,
        errors: { [field]: UNSTORABLE_TEXT_MESSAGE },
      });
    }
  });

  it('takes surrogate pairs and ignores fields the schema strips', () => {
    expect(parseInput(schema, { name: '😀 \ud83d\ude00', unknown: 'a\u0000b' })).toEqual({
      name: '😀 😀',
      tags: [],
    });
  });
});

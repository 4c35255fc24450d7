import { describe, expect, it, vi } from 'vitest';
import { preparedStatement } from './prepared';

describe('preparedStatement', () => {
  it('builds once per database and variant, named after both', () => {
    const prepare = vi.fn((name: string) => ({ name }));
    const build = vi.fn(() => ({ prepare }));
    const statement = preparedStatement('unit_page', build);
    const first = {};
    const second = {};
    // Through PgBouncer (npm run test:pgbouncer) every statement is sent unnamed.
    const named = process.env.DATABASE_POOLER !== 'transaction';
    expect(statement(first, 'all')).toEqual({ name: named ? 'unit_page_all' : undefined });
    expect(statement(first, 'all')).toBe(statement(first, 'all'));
    expect(statement(first, 'unread')).toEqual({ name: named ? 'unit_page_unread' : undefined });
    expect(statement(second, 'all')).not.toBe(statement(first, 'all'));
    expect(build).toHaveBeenCalledTimes(3);
  });

  it('refuses a second statement under a name already used', () => {
    const build = () => ({ prepare: (name: string) => name });
    preparedStatement('unit_twice', build);
    expect(() => preparedStatement('unit_twice', build)).toThrow(/defined twice/);
  });
});

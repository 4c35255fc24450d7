import net from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client';
import { databaseUnavailableCause, isUniqueViolation } from './database-errors';

/** An error shaped like the ones node-postgres makes from a server's ErrorResponse. */
const postgresError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });

/** As drizzle hands it on: its own error, the driver's as the cause. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('databaseUnavailableCause', () => {
  it.each([
    ['nothing listens', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['the connection was cut', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    [
      'admin_shutdown',
      postgresError('57P01', 'terminating connection due to administrator command'),
    ],
    ['crash_shutdown', postgresError('57P02', 'terminating connection because of crash')],
    ['cannot_connect_now', postgresError('57P03', 'the database system is starting up')],
    ['a connection exception', postgresError('08006', 'connection failure')],
    [
      'the statement timeout',
      postgresError('57014', 'canceling statement due to statement timeout'),
    ],
    ['too many connections', postgresError('53300', 'sorry, too many clients already')],
    ['the pool timed out', new Error('timeout exceeded when trying to connect')],
    ['the connection ended', new Error('Connection terminated unexpectedly')],
    ['a client timed out connecting', new Error('Connection terminated due to connection timeout')],
    [
      'a broken client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('recognises %s, bare or wrapped by drizzle', (_name, error) => {
    expect(databaseUnavailableCause(error)).toMatchObject({ message: error.message });
    expect(databaseUnavailableCause(wrapped(error))).toMatchObject({ message: error.message });
  });

  it('recognises a refusal from each address of a name (AggregateError)', () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    const error = new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')]);
    expect(databaseUnavailableCause(error)).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it.each([
    ['a unique violation', postgresError('23505', 'duplicate key value')],
    ['a missing table', postgresError('42P01', 'relation "brands" does not exist')],
    ['a serialization failure', postgresError('40001', 'could not serialize access')],
    ['a plain error', new Error('Something else')],
  ])('leaves %s alone', (_name, error) => {
    expect(databaseUnavailableCause(error)).toBeUndefined();
    expect(databaseUnavailableCause(wrapped(error))).toBeUndefined();
  });

  it('leaves values that are not errors alone', () => {
    for (const value of [undefined, null, 'ECONNREFUSED', 42]) {
      expect(databaseUnavailableCause(value)).toBeUndefined();
    }
  });

  it('recognises what the real pool says when nothing listens on the port', async () => {
    // A port that was free a moment ago: nothing listens on it.
    const probe = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const database = await createDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/markit`,
      poolSize: 1,
    });
    try {
      const error: unknown = await database.query('select 1').catch((caught: unknown) => caught);
      expect(databaseUnavailableCause(error)).toMatchObject({ code: 'ECONNREFUSED' });
      const viaDrizzle: unknown = await database.db
        .execute('select 1')
        .catch((caught: unknown) => caught);
      expect(databaseUnavailableCause(viaDrizzle)).toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      await database.close();
    }
  });
});

describe('isUniqueViolation', () => {
  it('names the constraint of a unique violation, wrapped or not, and nothing else', () => {
    const violation = Object.assign(postgresError('23505', 'duplicate key value'), {
      constraint: 'users_username_idx',
    });
    expect(isUniqueViolation(violation)).toBe('users_username_idx');
    expect(isUniqueViolation(wrapped(violation))).toBe('users_username_idx');
    expect(isUniqueViolation(postgresError('57P01', 'terminating connection'))).toBeUndefined();
  });
});

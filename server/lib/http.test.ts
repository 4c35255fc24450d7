import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { errorHandler } from './http';
import { createLogger } from './logger';

function appThrowing(error: unknown) {
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.get('/async-boom', async () => {
    await Promise.resolve();
    throw error;
  });
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('errorHandler', () => {
  it('answers an unexpected error with a generic 500: no stack, no SQL', async () => {
    const failure = new Error(
      'duplicate key value violates unique constraint "users_pkey" in SELECT * FROM users',
    );
    for (const path of ['/boom', '/async-boom']) {
      const response = await request(appThrowing(failure)).get(path);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: 'Something went wrong. Please try again.' });
      expect(response.text).not.toMatch(/SELECT|users_pkey|at .*\.ts/);
    }
  });

  it('maps each AppError code to its status with message and field errors', async () => {
    const response = await request(
      appThrowing(
        new AppError('CONFLICT', 'Username is already taken', { errors: { username: 'taken' } }),
      ),
    ).get('/boom');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: 'Username is already taken',
      errors: { username: 'taken' },
    });

    const limited = await request(
      appThrowing(new AppError('RATE_LIMITED', 'Slow down', { retryAfterSeconds: 42 })),
    ).get('/boom');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('42');
  });
});

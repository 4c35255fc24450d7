import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { AppError, SERVICE_UNAVAILABLE_MESSAGE } from './errors';
import { errorHandler } from './http';
import { memoryLog } from '../testing/memory-log';
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

  it('answers an HTTP-layer error with its own 4xx status, and anything else as 500', async () => {
    const undecodable = Object.assign(new URIError("Failed to decode param '%'"), { status: 400 });
    const response = await request(appThrowing(undecodable)).get('/boom');
    expect([response.status, response.body]).toEqual([
      400,
      { message: 'The request could not be read' },
    ]);
    const unsupported = Object.assign(new Error('unsupported'), { statusCode: 415 });
    expect((await request(appThrowing(unsupported)).get('/boom')).status).toBe(415);
    // A 5xx an error claims for itself is still the generic 500.
    const claimed = Object.assign(new Error('upstream said 502'), { status: 502 });
    const failed = await request(appThrowing(claimed)).get('/async-boom');
    expect([failed.status, failed.body.message]).toEqual([
      500,
      'Something went wrong. Please try again.',
    ]);
  });

  it('answers 503 with a message and Retry-After when the database cannot be reached', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const restarting = Object.assign(
      new Error('terminating connection due to administrator command'),
      { code: '57P01' },
    );
    for (const failure of [
      refused,
      new DrizzleQueryError('select * from users where id = $1', [1], restarting),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      for (const path of ['/boom', '/async-boom']) {
        const response = await request(appThrowing(failure)).get(path);
        expect(response.status).toBe(503);
        expect(response.body).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
        expect(response.headers['retry-after']).toBe('5');
        expect(response.text).not.toMatch(/select|users|5432/);
      }
    }
  });

  it('does not log a client that went away as a server failure', async () => {
    const log = memoryLog();
    const app = express();
    app.get('/aborted', () => {
      throw Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' });
    });
    app.use(errorHandler(log.logger));
    await request(app).get('/aborted');
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('logs an error that comes after the answer was sent, and keeps the connection', async () => {
    const log = memoryLog();
    const app = express();
    app.get('/late-failure', async (_request, response) => {
      response.json({ saved: true });
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('failed after the answer');
    });
    app.get('/next', (_request, response) => response.json({ next: true }));
    app.use(errorHandler(log.logger));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status?: number; body: string; reusedSocket: boolean }>((resolve, reject) => {
        const sent = http.get(
          { port: (server.address() as AddressInfo).port, host: '127.0.0.1', path, agent },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () =>
              resolve({ status: response.statusCode, body, reusedSocket: sent.reusedSocket }),
            );
          },
        );
        sent.on('error', reject);
      });
    try {
      expect(await get('/late-failure')).toMatchObject({ status: 200, body: '{"saved":true}' });
      await vi.waitFor(() =>
        expect(log.lines).toContainEqual(
          expect.objectContaining({
            level: 'warn',
            msg: 'error after the answer was sent',
            req: { method: 'GET', path: '/late-failure' },
            error: 'failed after the answer',
          }),
        ),
      );
      // The same keep-alive connection serves the next request: it was not cut.
      expect(await get('/next')).toMatchObject({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

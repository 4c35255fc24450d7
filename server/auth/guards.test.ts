import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../lib/http';
import { createLogger } from '../lib/logger';
import { requireRole } from './guards';

function appWith(user: Express.User | undefined) {
  const app = express();
  app.use((req, _res, next) => {
    req.user = user;
    next();
  });
  app.get('/business-only', requireRole('business'), (_req, res) => {
    res.json({ ok: true });
  });
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('requireRole', () => {
  it('lets the right role through', async () => {
    const response = await request(appWith({ id: 1, type: 'business', username: 'biz' })).get(
      '/business-only',
    );
    expect(response.status).toBe(200);
  });

  it('answers 403 for the other role', async () => {
    const response = await request(appWith({ id: 2, type: 'consumer', username: 'ava' })).get(
      '/business-only',
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Only business accounts can do this' });
  });

  it('answers 401 without a session', async () => {
    const response = await request(appWith(undefined)).get('/business-only');
    expect(response.status).toBe(401);
  });
});

import express, { Router } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { routeByFirstSegment } from './first-segment';

function appWith(...routers: Router[]) {
  const app = express();
  const api = Router();
  api.use(routeByFirstSegment(routers));
  api.use((_request, response) => {
    response.status(404).json({ reached: 'end' });
  });
  app.use('/api', api);
  return app;
}

describe('routeByFirstSegment', () => {
  it('enters a router for its routes’ first segments, in any case, and skips it otherwise', async () => {
    const entered: string[] = [];
    const cards = Router();
    cards.use((request, _response, next) => {
      entered.push(request.path);
      next();
    });
    cards.get('/cards/:id', (request, response) => {
      response.json({ card: request.params.id });
    });
    cards.get('/wallet', (_request, response) => {
      response.json({ wallet: true });
    });
    const app = appWith(cards);

    await request(app).get('/api/cards/7').expect(200, { card: '7' });
    await request(app).get('/api/CARDS/8').expect(200, { card: '8' });
    await request(app).get('/api/wallet').expect(200, { wallet: true });
    await request(app).get('/api/wallet/').expect(200, { wallet: true });
    await request(app).get('/api/posts').expect(404, { reached: 'end' });
    await request(app).get('/api/cardsx/1').expect(404, { reached: 'end' });
    expect(entered).toEqual(['/cards/7', '/CARDS/8', '/wallet', '/wallet/']);
  });

  it('always enters a router with a route that starts with a parameter', async () => {
    const profiles = Router();
    profiles.get('/:username', (request, response) => {
      response.json({ username: request.params.username });
    });
    await request(appWith(profiles)).get('/api/ada').expect(200, { username: 'ada' });
  });

  it('tries the routers that share a segment in their order, and passes errors on', async () => {
    const first = Router();
    first.get('/a/x', (_request, response) => {
      response.json({ from: 'first' });
    });
    first.get('/b/fails', () => {
      throw new Error('broken');
    });
    const second = Router();
    second.get('/b/x', (_request, response) => {
      response.json({ from: 'second' });
    });
    second.get('/a/x', (_request, response) => {
      response.json({ from: 'second' });
    });
    const app = appWith(first, second);
    app.use(
      (error: Error, _request: express.Request, response: express.Response, _next: unknown) => {
        response.status(500).json({ error: error.message });
      },
    );
    await request(app).get('/api/b/x').expect(200, { from: 'second' });
    await request(app).get('/api/a/x').expect(200, { from: 'first' });
    await request(app).get('/api/b/fails').expect(500, { error: 'broken' });
  });
});

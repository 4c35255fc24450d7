import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { describe, it } from 'vitest';
import { onReads, onWrites, series } from './middleware';

function appWith(handler: express.RequestHandler) {
  const app = express();
  app.use(handler);
  app.all('/{*rest}', (_request, response) => {
    response.json({ ran: response.locals.ran ?? [] });
  });
  app.use((error: Error, _request: Request, response: Response, _next: NextFunction) => {
    response.status(500).json({ error: error.message, ran: response.locals.ran ?? [] });
  });
  return app;
}

const mark =
  (name: string): express.RequestHandler =>
  (_request, response, next) => {
    response.locals.ran = [...(response.locals.ran ?? []), name];
    next();
  };

describe('series', () => {
  it('runs each middleware in turn, then goes on', async () => {
    await request(appWith(series(mark('a'), mark('b'), mark('c'))))
      .get('/')
      .expect(200, { ran: ['a', 'b', 'c'] });
  });

  it('skips the rest after an error passed on, thrown or rejected', async () => {
    const passed: express.RequestHandler = (_request, _response, next) => next(new Error('passed'));
    const thrown: express.RequestHandler = () => {
      throw new Error('thrown');
    };
    const rejected: express.RequestHandler = async () => {
      throw new Error('rejected');
    };
    for (const [failing, message] of [
      [passed, 'passed'],
      [thrown, 'thrown'],
      [rejected, 'rejected'],
    ] as const) {
      await request(appWith(series(mark('a'), failing, mark('c'))))
        .get('/')
        .expect(500, { error: message, ran: ['a'] });
    }
  });
});

describe('onReads and onWrites', () => {
  it('run their middleware only on reads (GET, HEAD, OPTIONS) or only on writes', async () => {
    const app = appWith(series(onReads(mark('read')), onWrites(mark('write'))));
    await request(app)
      .get('/')
      .expect(200, { ran: ['read'] });
    await request(app)
      .post('/')
      .expect(200, { ran: ['write'] });
    await request(app)
      .delete('/')
      .expect(200, { ran: ['write'] });
  });
});

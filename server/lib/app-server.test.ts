import http from 'node:http';
import { type AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from './app-server';

let server: http.Server | undefined;
afterEach(async () => {
  const started = server;
  server = undefined;
  if (!started) return;
  started.closeAllConnections();
  await new Promise((resolve) => started.close(resolve));
});

async function start(app: express.Express): Promise<string> {
  server = createAppServer(app);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createAppServer', () => {
  it('serves an Express app as Express does: query, headers, JSON body, status and cookies', async () => {
    const app = express();
    app.use(express.json());
    app.post('/echo', (request, response) => {
      response
        .status(201)
        .cookie('seen', 'yes', { httpOnly: true })
        .json({
          query: request.query.q,
          header: request.get('x-test'),
          body: request.body as unknown,
          protocol: request.protocol,
        });
    });
    const url = await start(app);

    const answer = await fetch(`${url}/echo?q=hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test': 'a header' },
      body: JSON.stringify({ name: 'Ava' }),
    });

    expect(answer.status).toBe(201);
    expect(answer.headers.get('set-cookie')).toBe('seen=yes; Path=/; HttpOnly');
    expect(await answer.json()).toEqual({
      query: 'hello',
      header: 'a header',
      body: { name: 'Ava' },
      protocol: 'http',
    });
  });

  it("makes each request and response with the app's own prototypes, before the app sees them", async () => {
    const app = express();
    app.get('/', (_request, response) => {
      response.send('ok');
    });
    const url = await start(app);
    const seen: boolean[] = [];
    // Runs before the app's own listener: what Node made, before Express could change it.
    server?.prependListener('request', (request, response) => {
      seen.push(
        Object.getPrototypeOf(request) === app.request,
        Object.getPrototypeOf(response) === app.response,
        request instanceof http.IncomingMessage,
        response instanceof http.ServerResponse,
      );
    });

    const answer = await fetch(url);

    expect(await answer.text()).toBe('ok');
    expect(seen).toEqual([true, true, true, true]);
  });
});

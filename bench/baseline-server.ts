// The benchmark's yardstick: a bare Express route that runs `SELECT 1` through the same pool the app
// uses (same createDatabase, same size and timeouts) on the same kind of HTTP server
// (createAppServer), so each endpoint's requests/s can be read as a share of what this machine,
// this Node and this Postgres can do at all.
import express from 'express';
import { createDatabase } from '../server/db/client';
import { createAppServer } from '../server/lib/app-server';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const port = Number(process.env.PORT ?? 5100);

const database = await createDatabase({ databaseUrl });
const app = express();
app.disable('x-powered-by');
app.get('/api/baseline', async (_request, response) => {
  await database.ping();
  response.set('Cache-Control', 'no-store').json({ ok: true });
});
app.get('/api/health', (_request, response) => {
  response.json({ status: 'ok' });
});

const server = createAppServer(app).listen(port, '127.0.0.1', () => {
  process.stdout.write(`baseline ready on ${port}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => {
    void database.close().then(() => process.exit(0));
  });
  server.closeIdleConnections();
});

import { type AddressInfo } from 'node:net';
import { createApp, type App } from '../app';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { createAppServer } from '../lib/app-server';
import { createLogger } from '../lib/logger';
import { type TestContext } from './test-app';

/**
 * Another instance of the app on the test's database, listening on a port of its own, as a
 * second server behind a load balancer would: on Postgres with its own connection pool (so its
 * LISTEN is its own), on the embedded database sharing the one handle there is.
 */
export async function startSecondInstance(context: TestContext): Promise<{
  app: App;
  database: DatabaseHandle;
  port: number;
  close: () => Promise<void>;
}> {
  const database = context.databaseUrl
    ? await createDatabase({ databaseUrl: context.databaseUrl })
    : context.database;
  const app = createApp({
    config: context.config,
    database,
    logger: createLogger('silent'),
    sessionSecret: context.sessionSecret,
    client: { kind: 'static', directory: context.clientDirectory },
    jobs: context.jobs,
  });
  const server = createAppServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    app,
    database,
    port: (server.address() as AddressInfo).port,
    // Its live streams end first, so the server can close; then its sessions' cache and pool.
    close: async () => {
      await app.locals.notificationHub.close();
      await new Promise((resolve) => server.close(resolve));
      await app.locals.sessionStore.close?.();
      if (database !== context.database) await database.close();
    },
  };
}

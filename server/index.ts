import { type AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp, type ClientServing } from './app';
import { loadConfig } from './config';
import { DEMO_PASSWORD, isDatabaseEmpty, listDemoSignIns, seedDemoData } from './db/demo-data';
import { openDatabase } from './db/setup';
import { createAppServer } from './lib/app-server';
import { type FirstRouteRenderer } from './lib/first-route-html';
import { gracefulClose } from './lib/graceful-close';
import { loadCommonPasswords } from './services/auth/password-policy';
import { createLogger } from './lib/logger';
import { installProcessGuards } from './lib/process-guards';
import { findProjectRoot } from './lib/project-root';
import { resolveSessionSecret } from './lib/session-secret';
import { appJobs } from './jobs/app-jobs';
import { startJobQueue } from './jobs/job-queue';
import { createMailer } from './mail/mailer';

const startedAt = performance.now();
const config = loadConfig();
const logger = createLogger(config.logLevel);
const rootDir = findProjectRoot();

const database = await openDatabase(config);
// Read once now rather than by the first registration, which would wait for it.
loadCommonPasswords();

// Demo data only on a fresh embedded database, never on a DATABASE_URL one unless asked (DEMO=0 skips it).
if (database.kind === 'embedded' && config.demo && (await isDatabaseEmpty(database.db))) {
  await seedDemoData(database.db);
}

let client: ClientServing;
if (config.env === 'production') {
  client = {
    kind: 'static',
    directory: path.join(rootDir, 'dist/public'),
    render: await loadFirstRouteRenderer(),
  };
} else {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(rootDir, 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'custom',
  });
  client = { kind: 'vite', vite, indexHtmlPath: path.join(rootDir, 'client/index.html') };
}

/**
 * The renderer of a guest's first page, which the build puts beside this file
 * (scripts/build-server.mjs). Without a build (the API alone, as the fault tests run it) there is
 * none, and the browser renders every page, as it does without a built client.
 */
async function loadFirstRouteRenderer(): Promise<FirstRouteRenderer | undefined> {
  const file = path.join(rootDir, 'dist/server/render/render-first-route.js');
  if (!fs.existsSync(file)) {
    logger.info('no built renderer of first pages: the browser renders them');
    return undefined;
  }
  const renderer = (await import(pathToFileURL(file).href)) as {
    renderFirstRoute: FirstRouteRenderer;
  };
  return renderer.renderFirstRoute;
}

const mailer = await createMailer(config.mail, config.dataDir, logger);
const jobs = await startJobQueue({
  database,
  logger,
  definitions: appJobs({ db: database.db, config, mailer, logger }),
});

const app = createApp({
  config,
  database,
  logger,
  sessionSecret: resolveSessionSecret(config.sessionSecret, config.dataDir),
  client,
  jobs,
});

const server = createAppServer(app);
// The port is taken (or the host is not this machine's): nothing can be served, and a process
// that stays up without listening would look started to whatever waits for it.
const cannotListen = (error: Error) => {
  console.error(`mark.it cannot listen on ${config.host}:${config.port}: ${error.message}`);
  process.exit(1);
};
server.once('error', cannotListen);
server.listen(config.port, config.host, async () => {
  server.off('error', cannotListen);
  // Once listening, a failure of the server itself (a connection it could not accept when the
  // process ran out of file descriptors) is logged; the connections it has go on being served.
  server.on('error', (error) => logger.error({ error: error.message }, 'HTTP server error'));
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const where =
    database.kind === 'embedded'
      ? `embedded database in ${path.resolve(config.dataDir)}`
      : 'Postgres';
  // The port actually bound (PORT=0 picks a free one).
  const { port } = server.address() as AddressInfo;
  console.log(
    `mark.it is ready on http://localhost:${port} (${where}, ${config.env}, ${seconds}s)`,
  );
  const demo = await listDemoSignIns(database.db);
  if (demo.length > 0) {
    console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const account of demo) console.log(`  ${account.type.padEnd(8)} ${account.username}`);
  }
});
// Node closes an idle keep-alive connection after 5 s, so a client (a proxy, a load balancer, a
// test's API context) that reuses one just then has its request reset. Idle connections are
// kept longer than the usual proxy idle timeout (60 s), so the client always closes first.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const closeServer = gracefulClose(server);

let stopping = false;
/**
 * Stops taking connections at once, answers every request already accepted (each connection
 * closed after its answer), then closes the database and exits; 10 s at most.
 */
async function shutdown(reason: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${reason}: finishing requests in flight, then stopping.`);
  const forceExit = setTimeout(() => {
    console.error('Shutdown took too long; exiting.');
    process.exit(1);
  }, 10_000);
  forceExit.unref();
  try {
    const closed = closeServer();
    // Open notification streams would hold their connections open: end them.
    await app.locals.notificationHub.close();
    await closed;
    if (client.kind === 'vite') await client.vite.close();
    await app.locals.sessionStore.close?.();
    // Jobs in progress finish (an e-mail half sent is sent again by its retry otherwise).
    await jobs.stop();
    await mailer.close();
    await database.close();
  } catch (error) {
    console.error('Error while stopping', error);
    process.exit(1);
  }
  process.exit(exitCode);
}
process.on('SIGTERM', () => void shutdown('SIGTERM received'));
process.on('SIGINT', () => void shutdown('SIGINT received'));
installProcessGuards({ logger, stop: (reason, exitCode) => void shutdown(reason, exitCode) });

import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import helmet, { strictTransportSecurity } from 'helmet';
import { type ViteDevServer } from 'vite';
import { type RouteDependencies } from './app-context';
import { createPassport } from './auth/passport';
import { setPasswordHashCost } from './auth/password';
import {
  createSessionMiddleware,
  enforceAbsoluteLifetime,
  type SessionSetup,
} from './auth/session';
import { type Config } from './config';
import { type DatabaseHandle } from './db/client';
import {
  apiNotFound,
  errorHandler,
  noStore,
  refuseCrossSiteWrites,
  requireBodyType,
} from './lib/http';
import { type ApiRoute, routerOf } from './lib/api-route';
import { createFirstRouteHtml, type FirstRouteRenderer } from './lib/first-route-html';
import { servePrecompressed } from './lib/precompressed';
import { type JobQueue } from './jobs/job-queue';
import { type Logger } from './lib/logger';
import { requestLog } from './lib/request-log';
import { apiRoutes } from './routes';
import { apiReferenceAssets } from './routes/reference';
import {
  createNotificationHub,
  type NotificationHub,
} from './services/notifications/notification-hub';
import { trackLastSeen } from './auth/track-last-seen';
import { uploadsDirectory } from './services/uploads/store-upload';
import {
  createTestPaymentProvider,
  type PaymentProvider,
} from './services/payments/payment-provider';

export const JSON_BODY_LIMIT = '100kb';

/** How the single-page client is served beside the API. */
export type ClientServing =
  | {
      kind: 'static';
      directory: string;
      /** Renders a guest's first page into its HTML (none: the browser renders every page). */
      render?: FirstRouteRenderer;
    }
  | { kind: 'vite'; vite: ViteDevServer; indexHtmlPath: string }
  | { kind: 'none' };

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  sessionSecret: string;
  client: ClientServing;
  /** The started job queue (e-mail and sweeps). */
  jobs: JobQueue;
  /** Card payments and payouts; the test-mode provider unless a real one is configured. */
  paymentProvider?: PaymentProvider;
};

export type App = Express & {
  locals: {
    sessionStore: SessionSetup['store'];
    notificationHub: NotificationHub;
    /** Every /api route's definition, as mounted (the reference and the tests read them). */
    apiRoutes: ApiRoute[];
  };
};

/** Builds the whole HTTP app from its dependencies; `index.ts` only configures and listens. */
export function createApp(options: AppOptions): App {
  const { config, database, logger, client } = options;
  const app = express() as App;
  setPasswordHashCost(config.passwordHashCost);
  app.disable('x-powered-by');
  // API answers are `no-store` (nothing to revalidate), so hashing each body for an ETag is waste;
  // static files keep theirs (express.static and sendFile make their own).
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);

  app.use(requestLog(logger));
  app.use(
    helmet({
      // The Vite dev server injects inline scripts for hot reload; production serves only our files.
      contentSecurityPolicy:
        config.env === 'production'
          ? {
              directives: {
                defaultSrc: ["'self'"],
                scriptSrc: ["'self'"],
                styleSrc: ["'self'", "'unsafe-inline'"],
                // Map tiles, when a tile server is configured: its host, {s} as any subdomain.
                imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(config.map.tileUrl)],
                connectSrc: ["'self'"],
                fontSrc: ["'self'", 'data:'],
                objectSrc: ["'none'"],
                frameAncestors: ["'none'"],
                upgradeInsecureRequests: null,
              },
            }
          : false,
      // Sent below, over HTTPS only.
      strictTransportSecurity: false,
    }),
  );
  // Strict-Transport-Security means something only on an answer that came over HTTPS (browsers
  // ignore it over plain HTTP, where anyone on the way could have added or removed it), and sent
  // over plain HTTP it would tell a development or internal HTTP host to refuse HTTP. `secure`
  // is true for a TLS connection, or for a request a trusted proxy (TRUST_PROXY) says came as
  // https in X-Forwarded-Proto; the header from an untrusted client is ignored.
  const hsts = strictTransportSecurity();
  app.use((request, response, next) => {
    if (request.secure) hsts(request, response, next);
    else next();
  });

  const passport = createPassport(database.db);
  const sessionSetup = createSessionMiddleware({
    secret: options.sessionSecret,
    database,
    pruneExpired: config.env !== 'test',
    logger,
  });
  app.locals.sessionStore = sessionSetup.store;

  const notificationHub = createNotificationHub(database, logger);
  app.locals.notificationHub = notificationHub;

  const dependencies: RouteDependencies = {
    notificationHub,
    db: database.db,
    database,
    passport,
    config,
    logger,
    paymentProvider: options.paymentProvider ?? createTestPaymentProvider(database.db),
    jobs: options.jobs,
    sessionStore: sessionSetup.store,
  };

  const routes = apiRoutes(dependencies);
  const api = express.Router();
  api.use(
    refuseCrossSiteWrites,
    requireBodyType(routes.filter((route) => route.upload).map((route) => route.path)),
    express.json({ limit: JSON_BODY_LIMIT }),
    noStore,
  );
  api.use(
    sessionSetup.middleware,
    enforceAbsoluteLifetime,
    passport.initialize(),
    passport.session(),
    trackLastSeen(database.db),
  );
  api.use('/docs', apiReferenceAssets());
  api.use(
    routerOf(routes, {
      stepUpMaxAgeSeconds: config.stepUpMaxAgeSeconds,
      rateLimits: config.rateLimits,
      db: database.db,
    }),
  );
  api.use(apiNotFound);
  app.locals.apiRoutes = routes;
  app.use('/api', api);

  // Uploaded images: server-made names, served as the type their bytes were checked to be.
  app.use(
    '/uploads',
    express.static(uploadsDirectory(config.dataDir), {
      index: false,
      immutable: true,
      maxAge: '365d',
      // Never sniffed, and if opened on its own no script or plugin can run in it.
      setHeaders: (response) =>
        response.set({
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        }),
    }),
    // A name that is not a stored image is not found (never the app's page in its place).
    (_request: express.Request, response: express.Response) => {
      response.status(404).type('text/plain').send('Not found');
    },
  );

  serveClient(app, client, database.db, logger);
  app.use(errorHandler(logger));
  return app;
}

function serveClient(
  app: Express,
  client: ClientServing,
  db: DatabaseHandle['db'],
  logger: Logger,
): void {
  if (client.kind === 'static') {
    const htmlFor = createFirstRouteHtml(client.directory, db, { render: client.render, logger });
    const assets = path.join(client.directory, 'assets');
    app.use('/assets', servePrecompressed(assets, 365 * 24 * 60 * 60));
    app.use(
      '/assets',
      express.static(assets, {
        immutable: true,
        maxAge: '1y',
        index: false,
      }),
    );
    app.use(express.static(client.directory, { index: false, maxAge: '1h' }));
    app.use(async (request, response, next) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      try {
        const html = await htmlFor(request.path, request.headers.cookie);
        if (html === null) return next();
        response.set('Cache-Control', 'no-cache').type('html').send(html);
      } catch (error) {
        next(error);
      }
    });
  } else if (client.kind === 'vite') {
    const { vite, indexHtmlPath } = client;
    app.use(vite.middlewares);
    app.use(async (request, response, next) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      try {
        const template = await fs.promises.readFile(indexHtmlPath, 'utf8');
        const html = await vite.transformIndexHtml(request.originalUrl, template);
        response.status(200).set('Content-Type', 'text/html').end(html);
      } catch (error) {
        vite.ssrFixStacktrace(error as Error);
        next(error);
      }
    });
  }
}

/** The origin a tile URL template loads from, as a CSP source; `{s}` becomes any subdomain. */
export function tileSources(tileUrl: string | null): string[] {
  if (!tileUrl) return [];
  const origin = /^https:\/\/[^/]+/.exec(tileUrl)?.[0];
  return origin ? [origin.replace('{s}', '*')] : [];
}

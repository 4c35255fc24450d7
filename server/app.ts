import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { type ViteDevServer } from 'vite';
import { type RouteDependencies } from './app-context';
import { createPassport } from './auth/passport';
import { setPasswordHashCost } from './auth/password';
import {
  createSessionMiddleware,
  enforceAbsoluteLifetime,
  type SessionSetup,
} from './auth/session';
import { resolveSessionForReads } from './auth/session-read';
import { type Config } from './config';
import { type DatabaseHandle } from './db/client';
import {
  apiNotFound,
  errorHandler,
  noStore,
  refuseCrossSiteWrites,
  requireBodyType,
} from './lib/http';
import { routeByFirstSegment } from './lib/first-segment';
import { type RouteEntry, routesOf } from './lib/route-list';
import { onReads, onWrites, series } from './lib/middleware';
import { servePrecompressed } from './lib/precompressed';
import { type Logger } from './lib/logger';
import { requestLog } from './lib/request-log';
import { authRouter } from './routes/auth';
import { catalogRouter } from './routes/catalog';
import { giftCardsRouter } from './routes/gift-cards';
import { healthRouter } from './routes/health';
import { locationsRouter } from './routes/locations';
import { pinsRouter } from './routes/pins';
import { friendsRouter } from './routes/friends';
import { leadsRouter } from './routes/leads';
import { notificationsRouter } from './routes/notifications';
import { postsRouter } from './routes/posts';
import {
  createNotificationHub,
  type NotificationHub,
} from './services/notifications/notification-hub';
import { profilesRouter } from './routes/profiles';
import { UPLOAD_PATH, uploadsRouter } from './routes/uploads';
import { trackLastSeen } from './auth/track-last-seen';
import { uploadsDirectory } from './services/uploads/store-upload';
import { usersRouter } from './routes/users';
import { walletRouter } from './routes/wallet';
import {
  createTestPaymentProvider,
  type PaymentProvider,
} from './services/payments/payment-provider';

export const JSON_BODY_LIMIT = '100kb';

/** How the single-page client is served beside the API. */
export type ClientServing =
  | { kind: 'static'; directory: string }
  | { kind: 'vite'; vite: ViteDevServer; indexHtmlPath: string }
  | { kind: 'none' };

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  sessionSecret: string;
  client: ClientServing;
  /** Card payments and payouts; the test-mode provider unless a real one is configured. */
  paymentProvider?: PaymentProvider;
};

export type App = Express & {
  locals: {
    sessionStore: SessionSetup['store'];
    notificationHub: NotificationHub;
    /** Every /api route the app registers (the authorization matrix test walks them). */
    apiRoutes: RouteEntry[];
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
                imgSrc: ["'self'", 'data:', 'blob:'],
                connectSrc: ["'self'"],
                fontSrc: ["'self'", 'data:'],
                objectSrc: ["'none'"],
                frameAncestors: ["'none'"],
                upgradeInsecureRequests: null,
              },
            }
          : false,
    }),
  );

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
    paymentProvider: options.paymentProvider ?? createTestPaymentProvider(),
  };

  const api = express.Router();
  api.use(
    series(
      refuseCrossSiteWrites,
      requireBodyType([UPLOAD_PATH]),
      onWrites(express.json({ limit: JSON_BODY_LIMIT })),
      noStore,
    ),
  );
  const publicRouters = [healthRouter(dependencies), catalogRouter(dependencies)];
  api.use(routeByFirstSegment(publicRouters));
  // Who is signed in. A read resolves its session directly (auth/session-read.ts); a write goes
  // through express-session and passport, which sign in, sign out and save sessions.
  api.use(
    series(
      onReads(
        resolveSessionForReads({
          store: sessionSetup.store,
          secret: options.sessionSecret,
          db: database.db,
        }),
      ),
      onWrites(
        series(
          sessionSetup.middleware,
          enforceAbsoluteLifetime,
          passport.initialize(),
          passport.session(),
        ),
      ),
      trackLastSeen(database.db),
    ),
  );
  const featureRouters = [
    authRouter,
    locationsRouter,
    walletRouter,
    pinsRouter,
    giftCardsRouter,
    usersRouter,
    profilesRouter,
    friendsRouter,
    uploadsRouter,
    postsRouter,
    notificationsRouter,
    leadsRouter,
  ].map((featureRouter) => featureRouter(dependencies));
  api.use(routeByFirstSegment(featureRouters));
  api.use(apiNotFound);
  app.locals.apiRoutes = routesOf([...publicRouters, ...featureRouters], '/api');
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

  serveClient(app, client);
  app.use(errorHandler(logger));
  return app;
}

function serveClient(app: Express, client: ClientServing): void {
  if (client.kind === 'static') {
    const indexHtml = path.join(client.directory, 'index.html');
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
    app.use((request, response, next) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      if (!fs.existsSync(indexHtml)) return next();
      response.set('Cache-Control', 'no-cache').sendFile(indexHtml);
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

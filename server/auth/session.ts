import connectPgSimple from 'connect-pg-simple';
import { type RequestHandler } from 'express';
import session from 'express-session';
import { type SessionStoreConnection } from '../db/client';

export const SESSION_COOKIE_NAME = 'markit.sid';
/** A session ends after 30 minutes without a request… */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** …and 12 hours after sign-in, however active. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

declare module 'express-session' {
  interface SessionData {
    signedInAt?: number;
  }
}

export type SessionSetup = {
  middleware: RequestHandler;
  store: session.Store & { close?: () => unknown };
};

export function createSessionMiddleware(options: {
  secret: string;
  connection: SessionStoreConnection;
  /** Prune expired rows on a timer (off in tests, where many apps come and go). */
  pruneExpired: boolean;
}): SessionSetup {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    ...options.connection,
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: options.pruneExpired ? 15 * 60 : false,
  });
  const middleware = session({
    name: SESSION_COOKIE_NAME,
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request came over HTTPS (directly or through a trusted proxy).
      secure: 'auto',
      maxAge: SESSION_IDLE_TIMEOUT_MS,
      path: '/',
    },
  });
  return { middleware, store };
}

/** Ends sessions older than the absolute lifetime, whatever the cookie says. */
export const enforceAbsoluteLifetime: RequestHandler = (request, _response, next) => {
  const signedInAt = request.session?.signedInAt;
  if (signedInAt && Date.now() - signedInAt > SESSION_ABSOLUTE_LIFETIME_MS) {
    request.session.destroy(() => next());
    return;
  }
  next();
};

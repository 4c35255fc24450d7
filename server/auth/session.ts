import { type RequestHandler } from 'express';
import session from 'express-session';
import { type DatabaseHandle } from '../db/client';
import { type Logger } from '../lib/logger';
import { CachedSessionStore } from './cached-session-store';
import { createSessionStore } from './session-store';

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
  /** express-session, with the error handling below. */
  middleware: RequestHandler;
  store: CachedSessionStore;
};

export function createSessionMiddleware(options: {
  secret: string;
  database: DatabaseHandle;
  /** Prune expired rows on a timer (off in tests, where many apps come and go). */
  pruneExpired: boolean;
  logger: Logger;
}): SessionSetup {
  const store = new CachedSessionStore(
    createSessionStore({
      connection: options.database.sessionStoreConnection,
      pruneExpired: options.pruneExpired,
      idleTimeoutMs: SESSION_IDLE_TIMEOUT_MS,
    }),
    options.database,
  );
  const sessions = session({
    name: SESSION_COOKIE_NAME,
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    // A browser-session cookie (no Max-Age), set at sign-in only: the server keeps the idle
    // timeout (the row's expiry, moved by requests) and the absolute lifetime, so no answer
    // needs a fresh Set-Cookie.
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request came over HTTPS (directly or through a trusted proxy).
      secure: 'auto',
      path: '/',
    },
  });
  // express-session saves or touches a session as the answer goes out, writes the answer anyway
  // and reports a failure (the database went away) afterwards. By then the request has been
  // through the error handler, so Express's final handler would get it and cut the connection,
  // and with it the next request sent on it: the answer stands, the failure is logged.
  const middleware: RequestHandler = (request, response, next) =>
    sessions(request, response, (error?: unknown) => {
      if (error && response.writableEnded) {
        options.logger.warn(
          {
            requestId: request.id,
            error: error instanceof Error ? error.message : String(error),
          },
          'session not saved after the answer',
        );
        return;
      }
      next(error);
    });
  return { middleware, store };
}

/**
 * When a session in use now ends if no other request comes: after the idle timeout (this request
 * moved it), or at the end of its absolute lifetime, whichever is first.
 */
export function sessionExpiresAt(signedInAt: number | undefined, now = Date.now()): number {
  const idleEnd = now + SESSION_IDLE_TIMEOUT_MS;
  return signedInAt ? Math.min(idleEnd, signedInAt + SESSION_ABSOLUTE_LIFETIME_MS) : idleEnd;
}

/**
 * Ends sessions older than the absolute lifetime, whatever the cookie says: the request goes on
 * with a fresh, empty session (never saved unless it signs in), so it is simply signed out.
 */
export const enforceAbsoluteLifetime: RequestHandler = (request, _response, next) => {
  const signedInAt = request.session?.signedInAt;
  if (signedInAt && Date.now() - signedInAt > SESSION_ABSOLUTE_LIFETIME_MS) {
    request.session.regenerate((error: unknown) => next(error));
    return;
  }
  next();
};

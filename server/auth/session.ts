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

/**
 * A request refreshes its session's expiry in the store at most this often per instance: an
 * active user costs one write a minute instead of one per request. A session therefore ends
 * between 29 and 30 minutes after its last request.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
const MAX_REMEMBERED_TOUCHES = 100_000;

export function createSessionMiddleware(options: {
  secret: string;
  connection: SessionStoreConnection;
  /** Prune expired rows on a timer (off in tests, where many apps come and go). */
  pruneExpired: boolean;
}): SessionSetup {
  const PgStore = connectPgSimple(session);
  // When this instance last refreshed each session's expiry (oldest first, bounded).
  const touchedAt = new Map<string, number>();
  class ThrottledTouchStore extends PgStore {
    override touch(sid: string, data: session.SessionData, callback?: (error?: unknown) => void) {
      const now = Date.now();
      const last = touchedAt.get(sid);
      if (last !== undefined && now - last < SESSION_TOUCH_INTERVAL_MS) {
        callback?.();
        return;
      }
      touchedAt.delete(sid);
      touchedAt.set(sid, now);
      if (touchedAt.size > MAX_REMEMBERED_TOUCHES) {
        const oldest = touchedAt.keys().next().value;
        if (oldest !== undefined) touchedAt.delete(oldest);
      }
      super.touch(sid, data, callback);
    }

    override destroy(sid: string, callback?: (error?: unknown) => void) {
      touchedAt.delete(sid);
      super.destroy(sid, callback);
    }
  }
  const store = new ThrottledTouchStore({
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

import { type Request, type RequestHandler } from 'express';
import session from 'express-session';
import { type DatabaseHandle } from '../db/client';
import { type Logger } from '../lib/logger';
import { CachedSessionStore } from './cached-session-store';
import { describeDevice } from './session-device';
import { createSessionStore } from './session-store';

export const SESSION_COOKIE_NAME = 'markit.sid';
/** A session ends after 30 minutes without a request… */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** …and 12 hours after sign-in, however active. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** With 'Keep me signed in', a session ends after 30 days without a request… */
export const REMEMBERED_IDLE_TIMEOUT_MS = 30 * DAY_MS;
/** …and 90 days after sign-in, however active: a stolen cookie does not work forever. */
export const REMEMBERED_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;
/**
 * A remembered session's cookie carries a Max-Age, moved forward by sending the cookie again: at
 * most once a day, so an active user costs one session write a day for it, not one a request.
 */
export const REMEMBERED_COOKIE_RENEWAL_MS = DAY_MS;

declare module 'express-session' {
  interface SessionData {
    signedInAt?: number;
    /** Signed in with 'Keep me signed in'. */
    remember?: boolean;
    /** The browser and system it signed in from ('Chrome on macOS'), for the sessions list. */
    device?: string;
    /** When a remembered session's cookie was last sent with a fresh Max-Age. */
    cookieRenewedAt?: number;
  }
}

type SessionFacts = Pick<session.SessionData, 'signedInAt' | 'remember'>;

/** How long a session lasts without use, and at most: 'Keep me signed in' decides. */
export function sessionLifetime(facts: SessionFacts): { idleMs: number; absoluteMs: number } {
  return facts.remember
    ? { idleMs: REMEMBERED_IDLE_TIMEOUT_MS, absoluteMs: REMEMBERED_ABSOLUTE_LIFETIME_MS }
    : { idleMs: SESSION_IDLE_TIMEOUT_MS, absoluteMs: SESSION_ABSOLUTE_LIFETIME_MS };
}

/**
 * Records a sign-in on the session a successful sign-in has just regenerated: when, from which
 * device, and whether to keep it. A remembered session's cookie gets a Max-Age (the browser keeps
 * it across restarts) and its row the same expiry; any other gets a cookie that lasts while the
 * browser runs.
 */
export function recordSignIn(request: Request, options: { remember: boolean }): void {
  const now = Date.now();
  request.session.signedInAt = now;
  request.session.device = describeDevice(request.get('user-agent'));
  if (options.remember) {
    request.session.remember = true;
    request.session.cookieRenewedAt = now;
    request.session.cookie.maxAge = REMEMBERED_IDLE_TIMEOUT_MS;
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
export function sessionExpiresAt(facts: SessionFacts, now = Date.now()): number {
  const { idleMs, absoluteMs } = sessionLifetime(facts);
  const idleEnd = now + idleMs;
  return facts.signedInAt ? Math.min(idleEnd, facts.signedInAt + absoluteMs) : idleEnd;
}

/**
 * Ends sessions older than their absolute lifetime, whatever the cookie says: the request goes on
 * with a fresh, empty session (never saved unless it signs in), so it is simply signed out. A
 * remembered session that lives on has its cookie sent again once a day, so that its 30 days
 * count from the last use rather than from the sign-in.
 */
export const enforceAbsoluteLifetime: RequestHandler = (request, _response, next) => {
  const facts = request.session;
  const now = Date.now();
  if (facts?.signedInAt && now - facts.signedInAt > sessionLifetime(facts).absoluteMs) {
    request.session.regenerate((error: unknown) => next(error));
    return;
  }
  if (facts?.remember && now - (facts.cookieRenewedAt ?? 0) > REMEMBERED_COOKIE_RENEWAL_MS) {
    // A changed session is saved and, as its cookie has an expiry, sent again with a full Max-Age.
    facts.cookieRenewedAt = now;
  }
  next();
};

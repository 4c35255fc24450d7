import { type RequestHandler } from 'express';
import session from 'express-session';
import { type DatabaseHandle } from '../db/client';
import { createSessionStore, type SessionStore } from './session-store';

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
  /**
   * express-session for the requests that can have or start a session. A read (GET, HEAD,
   * OPTIONS) without the session cookie is anonymous and cannot start one: it skips the session
   * work entirely (no id generated, no store call), as the public profile and its QR code are.
   */
  middleware: RequestHandler;
  store: SessionStore;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request carries our session cookie (signed or not, valid or not). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && cookieHeader.includes(`${SESSION_COOKIE_NAME}=`);
}

/** A read without the session cookie: nothing session-related can happen on it. */
export function isAnonymousRead(request: { method: string; headers: { cookie?: string } }) {
  return SAFE_METHODS.has(request.method) && !hasSessionCookie(request.headers.cookie);
}

export function createSessionMiddleware(options: {
  secret: string;
  database: DatabaseHandle;
  /** Prune expired rows on a timer (off in tests, where many apps come and go). */
  pruneExpired: boolean;
}): SessionSetup {
  const store = createSessionStore({
    connection: options.database.sessionStoreConnection,
    database: options.database,
    pruneExpired: options.pruneExpired,
    idleTimeoutMs: SESSION_IDLE_TIMEOUT_MS,
  });
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
  return { middleware: sessions, store };
}

/**
 * When a session in use now ends if no other request comes: after the idle timeout (this request
 * moved it), or at the end of its absolute lifetime, whichever is first.
 */
export function sessionExpiresAt(signedInAt: number | undefined, now = Date.now()): number {
  const idleEnd = now + SESSION_IDLE_TIMEOUT_MS;
  return signedInAt ? Math.min(idleEnd, signedInAt + SESSION_ABSOLUTE_LIFETIME_MS) : idleEnd;
}

/** `handler`, except on anonymous reads, which go straight on. */
export function unlessAnonymousRead(handler: RequestHandler): RequestHandler {
  return (request, response, next) =>
    isAnonymousRead(request) ? next() : handler(request, response, next);
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

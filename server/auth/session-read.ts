import { type RequestHandler } from 'express';
import type session from 'express-session';
import { parse as parseCookies } from 'cookie';
import { unsign } from 'cookie-signature';
import { type Database } from '../db/client';
import { storedSessionUser } from './passport';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_COOKIE_NAME } from './session';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** On a read: when the session it was made in began (sign-in), if one is in use. */
      signedInAt?: number;
    }
  }
}

type StoredSession = session.SessionData & { passport?: { user?: unknown } };

/** The session id in the request's cookie, if the cookie is ours and its signature holds. */
function signedSessionId(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  const value = parseCookies(cookieHeader)[SESSION_COOKIE_NAME];
  if (!value?.startsWith('s:')) return null;
  const sid = unsign(value.slice(2), secret);
  return sid === false ? null : sid;
}

const promised = <T>(call: (callback: (error: unknown, value?: T) => void) => void) =>
  new Promise<T | undefined>((resolve, reject) =>
    call((error, value) => (error ? reject(error) : resolve(value))),
  );

/**
 * Who is signed in, for reads (GET, HEAD, OPTIONS). A read changes no session, so it needs none of
 * express-session's and passport's per-request machinery (a Session object, the session hashed
 * before and after to see whether to save it, the answer held back until then, passport's
 * request methods), which cost a small read a third of its throughput. It does the same checks
 * with the same pieces: the cookie's signature with the session secret, the row through the
 * session store (and its cache), the absolute lifetime (the session is ended past it), the idle
 * expiry moved (the store's touch, at most once a minute), and the user passport stored at
 * sign-in. Writes, sign-in and sign-out included, go through express-session and passport.
 */
export function resolveSessionForReads(options: {
  store: session.Store;
  secret: string;
  db: Database;
}): RequestHandler {
  const { store, secret, db } = options;
  const resolve = async (sid: string) => {
    const stored = await promised<StoredSession | null>((callback) => store.get(sid, callback));
    if (!stored) return null;
    const { signedInAt } = stored;
    if (signedInAt && Date.now() - signedInAt > SESSION_ABSOLUTE_LIFETIME_MS) {
      await promised((callback) => store.destroy(sid, callback));
      return null;
    }
    const remembered = stored.passport?.user;
    if (remembered === undefined) return null;
    const user = await storedSessionUser(db, remembered);
    if (!user) return null;
    await new Promise<void>((resolve, reject) => {
      if (!store.touch) return resolve();
      store.touch(sid, stored, (error?: unknown) => (error ? reject(error) : resolve()));
    });
    return { user, signedInAt };
  };

  return (request, _response, next) => {
    const sid = signedSessionId(request.headers.cookie, secret);
    if (!sid) return next();
    resolve(sid).then((found) => {
      if (found) {
        request.user = found.user;
        request.signedInAt = found.signedInAt;
      }
      next();
    }, next);
  };
}

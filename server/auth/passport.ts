import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { type Database } from '../db/client';
import {
  findSessionUser,
  type SessionUser,
  verifyCredentials,
} from '../services/auth/verify-credentials';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SessionUser>;
  return (
    typeof candidate.id === 'number' &&
    (candidate.type === 'consumer' || candidate.type === 'business') &&
    typeof candidate.username === 'string'
  );
}

/**
 * The user a session names, from what `serializeUser` stored at sign-in: the stored facts
 * themselves, or (for sessions from before they were stored) the account read by id; null when
 * that account is gone.
 */
export function storedSessionUser(
  db: Database,
  stored: unknown,
): SessionUser | Promise<SessionUser | null> {
  return isSessionUser(stored) ? stored : findSessionUser(db, Number(stored));
}

/** A passport instance of its own per app, so that several apps (tests, instances) never share one. */
export function createPassport(db: Database): passport.PassportStatic {
  const instance = new passport.Passport() as passport.PassportStatic;
  instance.use(
    new LocalStrategy(
      { usernameField: 'identifier', passwordField: 'password' },
      (identifier, password, done) => {
        verifyCredentials(db, identifier, password).then(
          (user) => done(null, user ?? false),
          (error: unknown) => done(error),
        );
      },
    ),
  );
  // The session keeps who the user is (id and type, which never change), so a signed-in request
  // costs no user query. The username it also keeps is the one at sign-in: Settings can change
  // it, so nothing reads it from the session (answers read the account). Sessions from before
  // this kept the id alone.
  instance.serializeUser((user, done) =>
    done(null, { id: user.id, type: user.type, username: user.username }),
  );
  instance.deserializeUser((stored: unknown, done) => {
    const user = storedSessionUser(db, stored);
    if (!(user instanceof Promise)) return done(null, user);
    user.then(
      (found) => done(null, found ?? false),
      (error: unknown) => done(error),
    );
  });
  return instance;
}

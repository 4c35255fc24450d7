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
  instance.serializeUser((user, done) => done(null, user.id));
  instance.deserializeUser((id: unknown, done) => {
    findSessionUser(db, Number(id)).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  });
  return instance;
}

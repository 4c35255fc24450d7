import { type Request, type Response, Router } from 'express';
import { loginSchema, registrationSchema } from '@shared/schema/users';
import { requireUser } from '../auth/guards';
import { SESSION_COOKIE_NAME, sessionExpiresAt } from '../auth/session';
import { AppError, unauthenticated } from '../lib/errors';
import { parseInput } from '../lib/validate';
import { registerUser } from '../services/auth/register-user';
import { type SessionUser } from '../services/auth/verify-credentials';
import {
  assertWithinRateLimit,
  clearRateLimit,
  consumeRateLimit,
  recordRateLimitEvent,
  type RateLimitRule,
} from '../services/rate-limit/rate-limit';
import { getCurrentUser } from '../services/users/get-current-user';
import { type RouteDependencies } from '../app-context';

const INVALID_CREDENTIALS = 'Invalid email, username or password';
const FIFTEEN_MINUTES = 15 * 60;

export function authRouter({ db, passport, config }: RouteDependencies): Router {
  const router = Router();

  /** Runs the local strategy; resolves to the user, or null for bad credentials. */
  const authenticate = (request: Request, response: Response) =>
    new Promise<SessionUser | null>((resolve, reject) => {
      passport.authenticate(
        'local',
        { session: false },
        (error: unknown, user: SessionUser | false) =>
          error ? reject(error) : resolve(user || null),
      )(request, response, reject);
    });

  /** Signs the user in on a fresh session id (passport regenerates the session). */
  const logIn = (request: Request, user: SessionUser) =>
    new Promise<void>((resolve, reject) => {
      request.logIn(user, (error) => {
        if (error) return reject(error);
        request.session.signedInAt = Date.now();
        resolve();
      });
    });

  router.post('/register', async (request, response) => {
    const input = parseInput(registrationSchema, request.body);
    await consumeRateLimit(db, {
      key: `register:address:${request.ip}`,
      limit: config.rateLimits.registerPerHour,
      windowSeconds: 60 * 60,
      message: 'Too many accounts were created from this network. Please try again later.',
    });
    const user = await registerUser(db, input);
    await logIn(request, user);
    response.status(201).json(user);
  });

  router.post('/login', async (request, response) => {
    const input = parseInput(loginSchema, request.body);
    const message = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
    const accountRule: RateLimitRule = {
      key: `login:account:${input.identifier.toLowerCase()}`,
      limit: config.rateLimits.loginPerAccount,
      windowSeconds: FIFTEEN_MINUTES,
      message,
    };
    const addressRule: RateLimitRule = {
      key: `login:address:${request.ip}`,
      limit: config.rateLimits.loginPerAddress,
      windowSeconds: FIFTEEN_MINUTES,
      message,
    };
    await assertWithinRateLimit(db, accountRule);
    await assertWithinRateLimit(db, addressRule);

    request.body = input;
    const user = await authenticate(request, response);
    if (!user) {
      await recordRateLimitEvent(db, accountRule);
      await recordRateLimitEvent(db, addressRule);
      throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
    }
    await clearRateLimit(db, accountRule.key);
    await logIn(request, user);
    response.json(await getCurrentUser(db, user.id));
  });

  // Signing out is idempotent: without a session it still answers 200 and clears the cookie.
  router.post('/logout', async (request, response) => {
    await new Promise<void>((resolve, reject) =>
      request.logOut((error) => (error ? reject(error) : resolve())),
    );
    await new Promise<void>((resolve, reject) =>
      request.session
        ? request.session.destroy((error) => (error ? reject(error) : resolve()))
        : resolve(),
    );
    response.clearCookie(SESSION_COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax' });
    response.json({ message: 'Logged out successfully' });
  });

  // The session's own facts, for the business Debug tab: who, since when, until when.
  router.get('/session', (request, response) => {
    const user = requireUser(request);
    const { signedInAt } = request.session;
    response.json({
      userId: user.id,
      type: user.type,
      signedInAt: signedInAt ? new Date(signedInAt).toISOString() : null,
      expiresAt: new Date(sessionExpiresAt(signedInAt)).toISOString(),
    });
  });

  router.get('/user', async (request, response) => {
    const sessionUser = requireUser(request);
    const user = await getCurrentUser(db, sessionUser.id);
    if (!user) throw unauthenticated();
    response.json(user);
  });

  return router;
}

import { type Request } from 'express';
import { TWO_FACTOR } from '@shared/constants';

/** A sign-in whose password was right, waiting for its code. */
type PendingSignIn = {
  userId: number;
  /** When the password was checked, epoch ms. */
  startedAt: number;
  /** The 'Keep me signed in' choice made with the password, applied once the code is right. */
  remember?: boolean;
};

declare module 'express-session' {
  interface SessionData {
    twoFactorPending?: PendingSignIn;
  }
}

const PENDING_MS = TWO_FACTOR.pendingSignInMinutes * 60 * 1000;

/**
 * Remembers, in the not-yet-signed-in session, that the password was right: nobody is signed in
 * until the code step completes, which must happen within a few minutes.
 */
export function startPendingSignIn(
  request: Request,
  userId: number,
  options: { remember?: boolean } = {},
): void {
  request.session.twoFactorPending = {
    userId,
    startedAt: Date.now(),
    ...(options.remember !== undefined && { remember: options.remember }),
  };
}

/** The sign-in waiting for its code, when there is one still in time. */
export function pendingSignIn(request: Request): PendingSignIn | null {
  const pending = request.session.twoFactorPending;
  if (!pending || Date.now() - pending.startedAt > PENDING_MS) return null;
  return pending;
}

export function clearPendingSignIn(request: Request): void {
  delete request.session.twoFactorPending;
}

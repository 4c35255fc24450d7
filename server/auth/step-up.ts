import { type Request, type RequestHandler } from 'express';
import { TWO_FACTOR } from '@shared/constants';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { type Database } from '../db/client';
import { AppError } from '../lib/errors';
import { isTwoFactorEnabled } from '../services/two-factor/two-factor';
import { requireUser } from './guards';

declare module 'express-session' {
  interface SessionData {
    /** When the person last proved who they are (password or code), epoch ms. */
    proofAt?: number;
  }
}

export const STEP_UP_WINDOW_MS = TWO_FACTOR.stepUpMinutes * 60 * 1000;

/** Records that the person proved who they are just now (a sign-in, or a confirmation). */
export function recordProof(request: Request): number {
  const now = Date.now();
  request.session.proofAt = now;
  return now;
}

/**
 * Moving money asks again who you are when the last proof is older than the step-up window (as
 * GitHub's sudo mode does): a session left open on a shared computer, or a stolen cookie, cannot
 * move money without the password or a code. A session from before proofs were kept has none,
 * so it is asked too. The refusal carries `code: 'STEP_UP_REQUIRED'`, so the client can ask and
 * retry by itself.
 */
export const requireRecentProof: RequestHandler = (request, _response, next) => {
  requireUser(request);
  const proofAt = request.session.proofAt;
  if (!proofAt || Date.now() - proofAt > STEP_UP_WINDOW_MS) {
    throw new AppError('FORBIDDEN', TWO_FACTOR_MESSAGES.stepUpRequired, {
      answerCode: 'STEP_UP_REQUIRED',
    });
  }
  next();
};

/**
 * Refuses the action (403, `code: 'TWO_FACTOR_REQUIRED'`, with `message` saying what to do)
 * unless the signed-in user has two-factor on: for what a password alone must not be enough for,
 * such as taking money out of a business.
 */
export function requireTwoFactorOn(db: Database, message: string): RequestHandler {
  return async (request, _response, next) => {
    const user = requireUser(request);
    if (!(await isTwoFactorEnabled(db, user.id))) {
      throw new AppError('FORBIDDEN', message, { answerCode: 'TWO_FACTOR_REQUIRED' });
    }
    next();
  };
}

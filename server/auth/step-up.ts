import { type Request, type RequestHandler } from 'express';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { type Database } from '../db/client';
import { AppError } from '../lib/errors';
import { isTwoFactorEnabled } from '../services/two-factor/two-factor';
import { requireUser } from './guards';

declare module 'express-session' {
  interface SessionData {
    /** When the person last proved who they are (password or code), epoch ms. */
    proofAt?: number;
    /**
     * When the person last typed their wallet PIN, epoch ms: a weaker proof (a million values,
     * typed in view of a counter), which counts only where a route says so (the counter code).
     */
    walletPinProofAt?: number;
  }
}

/** Records that the person typed their wallet PIN just now; answers when. */
export function recordWalletPinProof(request: Request): number {
  const now = Date.now();
  request.session.walletPinProofAt = now;
  return now;
}

/** Records that the person proved who they are just now (a sign-in, or a confirmation). */
export function recordProof(request: Request): number {
  const now = Date.now();
  request.session.proofAt = now;
  return now;
}

/**
 * Letting value leave asks again who you are when the last proof is older than `maxAgeSeconds`
 * (as GitHub's sudo mode does): a session left open on a shared computer, or a stolen cookie,
 * cannot move money, show a counter code or take the account over without the password or a
 * code. A session from before proofs were kept has none, so it is asked too. The refusal carries
 * `code: 'STEP_UP_REQUIRED'`, so the client can ask and retry by itself. Routes ask for it with
 * their `stepUp` property (`server/lib/api-route.ts`).
 */
export function assertRecentProof(
  request: Request,
  maxAgeSeconds: number,
  options: { walletPinProves?: boolean } = {},
): void {
  requireUser(request);
  const recent = (at: number | undefined) =>
    at !== undefined && Date.now() - at <= maxAgeSeconds * 1000;
  const { proofAt, walletPinProofAt } = request.session;
  if (recent(proofAt) || (options.walletPinProves && recent(walletPinProofAt))) return;
  throw new AppError('FORBIDDEN', TWO_FACTOR_MESSAGES.stepUpRequired, {
    answerCode: 'STEP_UP_REQUIRED',
  });
}

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

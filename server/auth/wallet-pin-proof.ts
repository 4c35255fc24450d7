import { type Request } from 'express';
import { WALLET_PIN_MESSAGES } from '@shared/schema/wallet-pin';
import { AppError } from '../lib/errors';

declare module 'express-session' {
  interface SessionData {
    /** The last proof of who the person is was their wallet PIN (not a password or a code). */
    proofByWalletPin?: boolean;
  }
}

/** Notes which kind of proof was just recorded: the wallet PIN, or the password or a code. */
export function recordProofKind(request: Request, byWalletPin: boolean): void {
  if (byWalletPin) request.session.proofByWalletPin = true;
  else delete request.session.proofByWalletPin;
}

/**
 * A PIN cannot vouch for a change to itself: whoever watched it typed at a counter could
 * otherwise replace it (or remove it) with a stolen session. Setting, changing or removing the
 * PIN asks for the password or a code instead (403 `STEP_UP_REQUIRED`, so the client asks for one
 * and retries), even when a PIN proved who the person is a moment ago.
 */
export function assertProofBesidesWalletPin(request: Request): void {
  if (request.session.proofByWalletPin) {
    throw new AppError('FORBIDDEN', WALLET_PIN_MESSAGES.pinCannotChangePin, {
      answerCode: 'STEP_UP_REQUIRED',
    });
  }
}

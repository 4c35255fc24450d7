import { type Response } from 'supertest';
import { expect, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';

/**
 * Moves the server's clock forward (Date only: timers and the database keep their own time), as
 * a session's last proof of who is there grows old. `vi.useRealTimers()` puts it back.
 */
export function moveClock(seconds: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + seconds * 1000);
}

/** The refusal of a route that needs a recent proof of who is asking. */
export function expectStepUp(
  response: Response,
  message: string = TWO_FACTOR_MESSAGES.stepUpRequired,
): void {
  expect([response.status, response.body]).toEqual([403, { message, code: 'STEP_UP_REQUIRED' }]);
}

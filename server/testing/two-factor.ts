import { generate } from 'otplib';
import type request from 'supertest';
import { TOTP_PERIOD_SECONDS } from '../services/two-factor/totp';
import { TEST_PASSWORD } from './factories';

type Agent = ReturnType<typeof request.agent>;

/**
 * The authenticator app's code for `secret`, `stepsAhead` 30-second steps from now: a code is
 * accepted once, and one step ahead is still inside the window, so a test can sign in right
 * after turning two-factor on without waiting for the next step.
 */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({
    secret,
    epoch: Math.floor(Date.now() / 1000) + stepsAhead * TOTP_PERIOD_SECONDS,
  });
}

/**
 * Turns two-factor on for the agent's user through the API, as a person would: setup with the
 * password, then the current code from the secret shown. Answers the secret, the recovery codes
 * and the code it turned two-factor on with (used: the server takes it no more).
 */
export async function enableTwoFactorFor(
  agent: Agent,
  password = TEST_PASSWORD,
): Promise<{ secret: string; recoveryCodes: string[]; code: string }> {
  const setup = await agent.post('/api/user/two-factor/setup').send({ password });
  if (setup.status !== 200) {
    throw new Error(`two-factor setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  }
  const secret = setup.body.secret as string;
  const code = await totpCode(secret);
  const enabled = await agent.post('/api/user/two-factor/enable').send({ code });
  if (enabled.status !== 200) {
    throw new Error(`two-factor enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  }
  return { secret, recoveryCodes: enabled.body.recoveryCodes as string[], code };
}

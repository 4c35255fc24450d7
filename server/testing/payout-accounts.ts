import { eq } from 'drizzle-orm';
import type request from 'supertest';
import { users } from '@shared/tables/users';
import { type Database } from '../db/client';
import { TEST_ACCOUNT_NUMBER, TEST_ROUTING_NUMBER } from '../services/payments/payment-provider';
import { totpCode } from './two-factor';

type Agent = ReturnType<typeof request.agent>;

/** The test provider's bank account, as a business types it into Payment Settings. */
export const testBankAccount = {
  holderName: 'Bean Street Coffee LLC',
  routingNumber: TEST_ROUTING_NUMBER,
  accountNumber: TEST_ACCOUNT_NUMBER,
};

/**
 * As if the next 30-second step had come: the authenticator code accepted last no longer blocks
 * the codes of its step, so a test can send another code without waiting.
 */
export async function forgetUsedCode(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
}

/**
 * Puts the test bank account on file for a business with two-factor on (`secret` from
 * enableTwoFactorFor), through Payment Settings with a code one step ahead: turning two-factor
 * on used the current one.
 */
export async function addPayoutAccountFor(agent: Agent, secret: string): Promise<void> {
  const response = await agent
    .put('/api/payments/payout-account')
    .send({ ...testBankAccount, code: await totpCode(secret, 1) });
  if (response.status !== 200) {
    throw new Error(
      `adding a payout account failed: ${response.status} ${JSON.stringify(response.body)}`,
    );
  }
}

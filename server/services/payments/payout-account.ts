import { eq, sql } from 'drizzle-orm';
import {
  type PayoutAccount,
  type payoutAccountInputSchema,
  PAYMENT_SETTINGS_MESSAGES,
} from '@shared/schema/payments';
import { payoutAccounts } from '@shared/tables/payments';
import { type z } from 'zod';
import { type Database, type Executor } from '../../db/client';
import { queueLetter } from '../../jobs/app-jobs';
import { type JobQueue } from '../../jobs/job-queue';
import { notFound } from '../../lib/errors';
import { requireSecondFactor } from '../two-factor/verify-proofs';
import { type PaymentProvider } from './payment-provider';

type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

const toPayoutAccount = (row: PayoutAccountRow): PayoutAccount => ({
  holderName: row.holderName,
  accountLast4: row.accountLast4,
  routingLast4: row.routingLast4,
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** The business's payout bank account as shown (holder, last four digits), or null. */
export async function getPayoutAccount(
  db: Executor,
  userId: number,
): Promise<PayoutAccount | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row ? toPayoutAccount(row) : null;
}

/** Where a withdrawal is paid: the provider's reference for the account, or null when none. */
export async function findPayoutDestination(
  db: Executor,
  userId: number,
): Promise<{ reference: string; accountLast4: string } | null> {
  const [row] = await db
    .select({
      reference: payoutAccounts.providerReference,
      accountLast4: payoutAccounts.accountLast4,
    })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId));
  return row ?? null;
}

type PayoutAccountChange = {
  provider: PaymentProvider;
  jobs: JobQueue;
};

/**
 * Sets where a business's withdrawals go. Redirecting payouts is what a stolen session would do
 * first, so it takes a current two-factor code, and the account's e-mail is told either way. The
 * provider registers the account (and checks its numbers); only the last four digits are kept.
 */
export async function savePayoutAccount(
  db: Database,
  { provider, jobs }: PayoutAccountChange,
  userId: number,
  input: z.output<typeof payoutAccountInputSchema>,
): Promise<PayoutAccount> {
  await requireSecondFactor(db, userId, { code: input.code });
  const destination = await provider.createPayoutDestination({
    holderName: input.holderName,
    routingNumber: input.routingNumber,
    accountNumber: input.accountNumber,
  });
  const values = {
    providerReference: destination.reference,
    holderName: input.holderName,
    accountLast4: destination.accountLast4,
    routingLast4: destination.routingLast4,
  };
  const [saved] = await db
    .insert(payoutAccounts)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  if (!saved) throw new Error('Payout account was not saved');
  await queueLetter(jobs, {
    kind: 'payout-account-changed',
    userId,
    change: 'saved',
    accountLast4: saved.accountLast4,
  });
  return toPayoutAccount(saved);
}

/** Removes the payout bank account (withdrawals stop until another is added); a code confirms. */
export async function removePayoutAccount(
  db: Database,
  { jobs }: Omit<PayoutAccountChange, 'provider'>,
  userId: number,
  code: string,
): Promise<void> {
  const existing = await findPayoutDestination(db, userId);
  if (!existing) throw notFound(PAYMENT_SETTINGS_MESSAGES.payoutAccountNotFound);
  await requireSecondFactor(db, userId, { code });
  const removed = await db
    .delete(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId))
    .returning({ accountLast4: payoutAccounts.accountLast4 });
  if (removed.length === 0) throw notFound(PAYMENT_SETTINGS_MESSAGES.payoutAccountNotFound);
  await queueLetter(jobs, {
    kind: 'payout-account-changed',
    userId,
    change: 'removed',
    accountLast4: existing.accountLast4,
  });
}

import { eq } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { SYSTEM_ACCOUNTS, type WalletTransaction } from '@shared/schema/ledger';
import { PAYMENT_SETTINGS_MESSAGES } from '@shared/schema/payments';
import { ledgerTransactions } from '@shared/tables/ledger';
import { type Database } from '../../db/client';
import { queueLetter } from '../../jobs/app-jobs';
import { type JobQueue } from '../../jobs/job-queue';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { type IdempotencyKey } from '../../lib/idempotency';
import {
  assertSameRequest,
  isIdempotencyKeyTaken,
  recordIdempotencyKey,
  userKeyScope,
} from '../idempotency/idempotency-keys';
import { getSystemAccount, getUserFundsAccount, getUserFundsBalance } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';
import { type PaymentProvider } from '../payments/payment-provider';
import { type PaymentSource, resolvePaymentToken } from '../payments/resolve-payment-source';
import { findPayoutDestination } from '../payments/payout-account';
import { findByIdempotencyKey, findWalletTransaction } from './wallet-transactions';

export type FundsMovement = { transaction: WalletTransaction; balance: number; replayed: boolean };

/** What moving funds needs besides the database: the provider, and the queue receipts go by. */
export type FundsDependencies = {
  provider: PaymentProvider;
  /** Null where no one is to be written to (demo data). */
  jobs: JobQueue | null;
};

type Movement = {
  userId: number;
  amountCents: number;
  idempotencyKey: IdempotencyKey | undefined;
};

/** One of the key's unique indexes: another request with the same key was recorded first. */
const keyTaken = (error: unknown) =>
  isIdempotencyKeyTaken(error) ||
  isUniqueViolation(error) === 'ledger_transactions_idempotency_idx';

const testModeNote = (provider: PaymentProvider) =>
  provider.mode === 'test' ? ' (test mode)' : '';

/**
 * Runs `record` once per idempotency key: a retry with a key already used gets the first answer,
 * also when both arrive at once (the unique index on the key decides); the key with another
 * request is refused (422). A receipt goes to the account's e-mail once the movement is recorded,
 * never for a replay.
 */
async function once(
  db: Database,
  jobs: JobQueue | null,
  movement: Movement,
  record: () => Promise<number>,
): Promise<FundsMovement> {
  const { userId, idempotencyKey } = movement;
  const replay = async (): Promise<FundsMovement | null> => {
    if (!idempotencyKey) return null;
    await assertSameRequest(db, userKeyScope(userId), idempotencyKey);
    const previous = await findByIdempotencyKey(db, userId, idempotencyKey.key);
    if (!previous) return null;
    return {
      transaction: previous,
      balance: centsToDollars(await getUserFundsBalance(db, userId)),
      replayed: true,
    };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  let transactionId: number;
  try {
    transactionId = await record();
  } catch (error) {
    if (keyTaken(error)) {
      const concurrent = await replay();
      if (concurrent) return concurrent;
    }
    throw error;
  }
  if (jobs) await queueLetter(jobs, { kind: 'receipt', userId, transactionId });
  const transaction = await findWalletTransaction(db, userId, transactionId);
  if (!transaction) throw new Error('Recorded transaction not found');
  return {
    transaction,
    balance: centsToDollars(await getUserFundsBalance(db, userId)),
    replayed: false,
  };
}

/**
 * A business adds funds: the card (a fresh token or a saved card) is charged through the
 * provider, then the value enters through payment clearing. A declined card is 402 and moves
 * nothing; no card at all is 402 too.
 */
export async function addFunds(
  db: Database,
  { provider, jobs }: FundsDependencies,
  input: Movement & PaymentSource,
): Promise<FundsMovement> {
  return once(db, jobs, input, async () => {
    const token = await resolvePaymentToken(db, input.userId, input);
    const charge = await provider.charge({
      amountCents: input.amountCents,
      token,
      description: 'mark.it top-up',
      // Keys are the business's own; the processor sees one key space for the whole platform.
      idempotencyKey: input.idempotencyKey
        ? `add-funds:${input.userId}:${input.idempotencyKey.key}`
        : undefined,
    });
    const record = () =>
      db.transaction(async (tx) => {
        await recordIdempotencyKey(tx, userKeyScope(input.userId), input.idempotencyKey);
        const funds = await getUserFundsAccount(tx, input.userId);
        const clearing = await getSystemAccount(tx, SYSTEM_ACCOUNTS.paymentClearing);
        return postTransaction(tx, {
          kind: 'add_funds',
          userId: input.userId,
          amountCents: input.amountCents,
          description: `Added funds with card ending ${charge.card.last4}${testModeNote(provider)}`,
          idempotencyKey: input.idempotencyKey?.key,
          providerReference: charge.reference,
          entries: [
            { account: clearing, amountCents: -input.amountCents },
            { account: funds, amountCents: input.amountCents },
          ],
        });
      });
    try {
      return await record();
    } catch (error) {
      // A second request with the same key lost the race to the first, which recorded this very
      // charge; any other failure leaves the charge with nothing recorded, so it is given back.
      if (!keyTaken(error)) await provider.refund({ reference: charge.reference });
      throw error;
    }
  });
}

/**
 * A business withdraws to its bank account on file; never more than it holds. Without an account
 * on file it is 409, with the way to add one.
 */
export async function withdrawFunds(
  db: Database,
  { provider, jobs }: FundsDependencies,
  input: Movement,
): Promise<FundsMovement> {
  return once(db, jobs, input, async () => {
    const destination = await findPayoutDestination(db, input.userId);
    if (!destination) throw new AppError('CONFLICT', PAYMENT_SETTINGS_MESSAGES.noPayoutAccount);
    return db.transaction(async (tx) => {
      await recordIdempotencyKey(tx, userKeyScope(input.userId), input.idempotencyKey);
      const funds = await getUserFundsAccount(tx, input.userId);
      const clearing = await getSystemAccount(tx, SYSTEM_ACCOUNTS.paymentClearing);
      // The balance check and the debit are one conditional update inside postTransaction; the
      // payout is requested only once the debit holds, and a failed payout rolls it back.
      const transactionId = await postTransaction(tx, {
        kind: 'withdraw',
        userId: input.userId,
        amountCents: input.amountCents,
        description: `Withdrawal to account ending ${destination.accountLast4}${testModeNote(provider)}`,
        idempotencyKey: input.idempotencyKey?.key,
        entries: [
          { account: funds, amountCents: -input.amountCents },
          { account: clearing, amountCents: input.amountCents },
        ],
      });
      const payout = await provider.payout({
        amountCents: input.amountCents,
        destination: destination.reference,
        // The provider pays a key once: a retry of this request never pays twice.
        idempotencyKey: input.idempotencyKey?.key ?? `withdraw-${transactionId}`,
      });
      await tx
        .update(ledgerTransactions)
        .set({ providerReference: payout.reference })
        .where(eq(ledgerTransactions.id, transactionId));
      return transactionId;
    });
  });
}

import { centsToDollars } from '@shared/money';
import { SYSTEM_ACCOUNTS, type WalletTransaction } from '@shared/schema/ledger';
import { type Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { getSystemAccount, getUserFundsAccount, getUserFundsBalance } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';
import { type PaymentProvider } from '../payments/payment-provider';
import { findByIdempotencyKey, findWalletTransaction } from './wallet-transactions';

export type FundsMovement = { transaction: WalletTransaction; balance: number; replayed: boolean };

type Movement = {
  userId: number;
  amountCents: number;
  idempotencyKey: string | undefined;
};

/**
 * Runs `record` once per idempotency key: a retry with a key already used gets the first answer,
 * also when both arrive at once (the unique index on the key decides).
 */
async function once(
  db: Database,
  movement: Movement,
  record: () => Promise<number>,
): Promise<FundsMovement> {
  const { userId, idempotencyKey } = movement;
  const replay = async (): Promise<FundsMovement | null> => {
    if (!idempotencyKey) return null;
    const previous = await findByIdempotencyKey(db, userId, idempotencyKey);
    if (!previous) return null;
    return {
      transaction: previous,
      balance: centsToDollars(await getUserFundsBalance(db, userId)),
      replayed: true,
    };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    const transactionId = await record();
    const transaction = await findWalletTransaction(db, userId, transactionId);
    if (!transaction) throw new Error('Recorded transaction not found');
    return {
      transaction,
      balance: centsToDollars(await getUserFundsBalance(db, userId)),
      replayed: false,
    };
  } catch (error) {
    if (isUniqueViolation(error) === 'ledger_transactions_idempotency_idx') {
      const concurrent = await replay();
      if (concurrent) return concurrent;
    }
    throw error;
  }
}

/** A business adds funds with a card, through the payment provider. */
export async function addFunds(
  db: Database,
  provider: PaymentProvider,
  input: Movement & { cardNumber: string },
): Promise<FundsMovement> {
  return once(db, input, async () => {
    const charge = await provider.charge({
      amountCents: input.amountCents,
      cardNumber: input.cardNumber,
      idempotencyKey: input.idempotencyKey,
    });
    return db.transaction(async (tx) => {
      const funds = await getUserFundsAccount(tx, input.userId);
      const clearing = await getSystemAccount(tx, SYSTEM_ACCOUNTS.paymentClearing);
      return postTransaction(tx, {
        kind: 'add_funds',
        userId: input.userId,
        amountCents: input.amountCents,
        description: `Added funds with card ending ${charge.cardLast4}${provider.mode === 'test' ? ' (test mode)' : ''}`,
        idempotencyKey: input.idempotencyKey,
        providerReference: charge.reference,
        entries: [
          { account: clearing, amountCents: -input.amountCents },
          { account: funds, amountCents: input.amountCents },
        ],
      });
    });
  });
}

/** A business withdraws from its balance; never more than it holds. */
export async function withdrawFunds(
  db: Database,
  provider: PaymentProvider,
  input: Movement,
): Promise<FundsMovement> {
  return once(db, input, () =>
    db.transaction(async (tx) => {
      const funds = await getUserFundsAccount(tx, input.userId);
      const clearing = await getSystemAccount(tx, SYSTEM_ACCOUNTS.paymentClearing);
      // The balance check and the debit are one conditional update inside postTransaction; the
      // payout is requested only once the debit holds, and a failed payout rolls it back.
      const transactionId = await postTransaction(tx, {
        kind: 'withdraw',
        userId: input.userId,
        amountCents: input.amountCents,
        description: `Withdrawal to your bank account${provider.mode === 'test' ? ' (test mode)' : ''}`,
        idempotencyKey: input.idempotencyKey,
        entries: [
          { account: funds, amountCents: -input.amountCents },
          { account: clearing, amountCents: input.amountCents },
        ],
      });
      await provider.payout({
        amountCents: input.amountCents,
        userId: input.userId,
        idempotencyKey: input.idempotencyKey,
      });
      return transactionId;
    }),
  );
}

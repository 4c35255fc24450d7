import { and, eq, gte, sql } from 'drizzle-orm';
import { type LedgerTransactionKind } from '@shared/constants';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '@shared/tables/ledger';
import { type Transaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type LedgerAccount } from './accounts';

export type LedgerEntryInput = { account: LedgerAccount; amountCents: number };

export type PostTransactionInput = {
  kind: LedgerTransactionKind;
  userId: number | null;
  amountCents: number;
  description: string;
  pinId?: number | null;
  giftCardId?: number | null;
  idempotencyKey?: string | null;
  providerReference?: string | null;
  entries: LedgerEntryInput[];
};

export const INSUFFICIENT_FUNDS_MESSAGE = 'Insufficient funds';

/**
 * The one way value moves: records a balanced transaction and applies it to the
 * running balances, inside the caller's database transaction. A balance that would go below zero
 * refuses the whole movement (conditional update: no read-then-write), so the caller's
 * transaction rolls back with it.
 */
export async function postTransaction(
  tx: Transaction,
  input: PostTransactionInput,
): Promise<number> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error(`Ledger amounts are positive whole cents, got ${input.amountCents}`);
  }
  const sum = input.entries.reduce((total, entry) => total + entry.amountCents, 0);
  if (sum !== 0 || input.entries.length < 2) {
    throw new Error(`Unbalanced ledger transaction ${input.kind}: entries sum to ${sum}`);
  }

  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      userId: input.userId,
      amountCents: input.amountCents,
      description: input.description,
      pinId: input.pinId ?? null,
      giftCardId: input.giftCardId ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      providerReference: input.providerReference ?? null,
    })
    .returning({ id: ledgerTransactions.id });
  if (!created) throw new Error('Ledger transaction was not recorded');

  await tx.insert(ledgerEntries).values(
    input.entries.map((entry) => ({
      transactionId: created.id,
      accountId: entry.account.id,
      amountCents: entry.amountCents,
    })),
  );

  // Lock rows in id order so that two movements between the same accounts cannot deadlock.
  const sorted = [...input.entries].sort((a, b) => a.account.id - b.account.id);
  for (const entry of sorted) {
    if (entry.account.kind === 'system') continue;
    const updated = await tx
      .update(ledgerAccounts)
      .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${entry.amountCents}` })
      .where(
        and(
          eq(ledgerAccounts.id, entry.account.id),
          gte(sql`${ledgerAccounts.balanceCents} + ${entry.amountCents}`, 0),
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (updated.length === 0) throw new AppError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_MESSAGE);
  }
  return created.id;
}

import { and, eq, gte, sql } from 'drizzle-orm';
import { type LedgerTransactionKind } from '@shared/constants';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '@shared/tables/ledger';
import { type Transaction } from '../../db/client';
import { queryRows } from '../../db/query-rows';
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
  const id = await recordTransaction(tx, input);
  // Lock rows in id order so that two movements between the same accounts cannot deadlock.
  for (const entry of byAccountId(input.entries)) await applyEntry(tx, entry);
  return id;
}

export type PostedExceptHot = {
  /** The ledger transaction, already recorded with all its entries. */
  id: number;
  /**
   * Applies the hot account's entries to its balance (refusing, as postTransaction does, a
   * balance that would go below zero). The movement is complete only once this has run: call it
   * as the last statement before the commit.
   */
  applyHot: () => Promise<void>;
};

/**
 * postTransaction for a movement touching a row that many transactions update at once (a pin's
 * reserve while a crowd claims the pin): the transaction, its entries and every other account's
 * balance are written now, the hot account's balance only when the caller calls `applyHot`, so
 * that its row is locked from that statement to the commit instead of through the caller's other
 * work. The caller keeps the lock order of the hot row's other writers (a pin's row before its
 * reserve's) and calls `applyHot` before committing: until then the balances lag the entries.
 */
export async function postTransactionExceptHot(
  tx: Transaction,
  input: PostTransactionInput,
  hot: LedgerAccount,
): Promise<PostedExceptHot> {
  const hotEntries = input.entries.filter((entry) => entry.account.id === hot.id);
  if (hotEntries.length === 0) {
    throw new Error(`Ledger transaction ${input.kind} has no entry on account ${hot.id}`);
  }
  const id = await recordTransaction(tx, input);
  for (const entry of byAccountId(input.entries)) {
    if (entry.account.id !== hot.id) await applyEntry(tx, entry);
  }
  let applied = false;
  return {
    id,
    applyHot: async () => {
      if (applied)
        throw new Error(`Ledger transaction ${id} was applied to account ${hot.id} twice`);
      applied = true;
      for (const entry of hotEntries) await applyEntry(tx, entry);
    },
  };
}

/** Checks the movement is whole, positive cents and balanced, and records it with its entries. */
async function recordTransaction(tx: Transaction, input: PostTransactionInput): Promise<number> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error(`Ledger amounts are positive whole cents, got ${input.amountCents}`);
  }
  const sum = input.entries.reduce((total, entry) => total + entry.amountCents, 0);
  if (sum !== 0 || input.entries.length < 2) {
    throw new Error(`Unbalanced ledger transaction ${input.kind}: entries sum to ${sum}`);
  }

  // The transaction and its entries in one statement (one round trip inside transactions that
  // others may be queued behind).
  const entries = sql.join(
    input.entries.map((entry) => sql`(${entry.account.id}::integer, ${entry.amountCents}::bigint)`),
    sql`, `,
  );
  const [created] = await queryRows<{ id: number | string }>(
    tx,
    sql`with created as (
            insert into ${ledgerTransactions}
              (kind, user_id, amount_cents, description, pin_id, gift_card_id, idempotency_key,
               provider_reference)
            values (${input.kind}, ${input.userId}, ${input.amountCents}, ${input.description},
                    ${input.pinId ?? null}, ${input.giftCardId ?? null},
                    ${input.idempotencyKey ?? null}, ${input.providerReference ?? null})
            returning id
          ), entries as (
            insert into ${ledgerEntries} (transaction_id, account_id, amount_cents)
            select created.id, entry.account_id, entry.amount_cents
              from created, (values ${entries}) as entry(account_id, amount_cents)
          )
          select id from created`,
  );
  if (!created) throw new Error('Ledger transaction was not recorded');
  return Number(created.id);
}

const byAccountId = (entries: LedgerEntryInput[]) =>
  [...entries].sort((a, b) => a.account.id - b.account.id);

/** Adds an entry to its account's running balance; system accounts keep no balance. */
async function applyEntry(tx: Transaction, entry: LedgerEntryInput): Promise<void> {
  if (entry.account.kind === 'system') return;
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

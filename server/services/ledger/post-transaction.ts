import { sql, type SQLWrapper } from 'drizzle-orm';
import { type LedgerTransactionKind } from '@shared/constants';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '@shared/tables/ledger';
import { type Transaction } from '../../db/client';
import { executeAndCommit } from '../../db/execute-and-commit';
import { queryRows } from '../../db/query-rows';
import { refusalReason } from '../../lib/database-errors';
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
  // Lock rows in id order so that two movements between the same accounts cannot deadlock: the
  // others move first, the highest in the statement that records the transaction.
  assertWhole(input);
  const accounts = balancedAccounts(input.entries);
  const last = accounts.pop();
  for (const entry of accounts) await applyEntry(tx, entry);
  return recordTransaction(tx, input, last);
}

const NOTHING_TAKEN = 'nothing taken';
const NO_FUNDS = 'insufficient funds';

/** The statement a hot movement was applied after answered no row (a sold-out pin): nothing moved. */
export class NothingTaken extends Error {
  constructor() {
    super('Nothing was taken: the movement was not applied');
    this.name = 'NothingTaken';
  }
}

export type PostedExceptHot = {
  /** The ledger transaction, already recorded with all its entries. */
  id: number;
  /**
   * The transaction's last statement, committed with it: runs `first` (a statement returning at
   * most one row, typically the update that locks the hot row's elder), then applies the hot
   * account's entries to its balance, and commits (executeAndCommit: on a server, in the same
   * round trip). Answers `first`'s row by its column names. When `first` answers no row it throws
   * NothingTaken, and a balance that would go below zero throws Insufficient funds (as
   * postTransaction does): either way nothing is committed and the transaction rolls back. The
   * callback returns right after it.
   */
  applyHotAndCommit: <Row extends Record<string, unknown>>(first: SQLWrapper) => Promise<Row>;
};

/**
 * postTransaction for a movement touching a row that many transactions update at once (a pin's
 * reserve while a crowd claims the pin): the transaction, its entries and every other account's
 * balance are written now, the hot account's balance only when the caller calls `applyHotAndCommit`,
 * so that its row is locked from that statement to the commit instead of through the caller's
 * other work. The statement that takes the hot row's elder (a pin's row, which its other writers
 * lock before its reserve's) runs in the same round trip, and so does the commit: under a crowd,
 * every round trip while those rows are locked is time the next claim waits. Until it runs the
 * balances lag the entries.
 */
export async function postTransactionExceptHot(
  tx: Transaction,
  input: PostTransactionInput,
  hot: LedgerAccount,
): Promise<PostedExceptHot> {
  const hotCents = input.entries
    .filter((entry) => entry.account.id === hot.id)
    .map((entry) => entry.amountCents);
  if (hotCents.length === 0) {
    throw new Error(`Ledger transaction ${input.kind} has no entry on account ${hot.id}`);
  }
  assertWhole(input);
  const accounts = balancedAccounts(input.entries).filter((entry) => entry.account.id !== hot.id);
  const last = accounts.pop();
  for (const entry of accounts) await applyEntry(tx, entry);
  const id = await recordTransaction(tx, input, last);
  // The hot account's entries as one change of its balance: they land in the same statement.
  const change = hotCents.reduce((total, cents) => total + cents, 0);
  let applied = false;
  return {
    id,
    applyHotAndCommit: async <Row extends Record<string, unknown>>(first: SQLWrapper) => {
      if (applied)
        throw new Error(`Ledger transaction ${id} was applied to account ${hot.id} twice`);
      applied = true;
      // `applied` reads `elder`, so `elder` runs (and locks its rows) before the hot row. What
      // must not be committed raises (refuse): the COMMIT sent with the statement then never runs.
      try {
        const [result] = await executeAndCommit<{ first: Row }>(
          tx,
          sql`with elder as (${first.getSQL()}),
                   applied as (
                     update ${ledgerAccounts} set balance_cents = balance_cents + ${change}::bigint
                      where id = ${hot.id} and balance_cents + ${change}::bigint >= 0
                        and exists (select 1 from elder)
                     returning id)
              select (select to_jsonb(elder) from elder) as first,
                     case when not exists (select 1 from elder) then refuse(${NOTHING_TAKEN})
                          when not exists (select 1 from applied) then refuse(${NO_FUNDS})
                          else true end as applied`,
        );
        if (!result) throw new Error(`Ledger transaction ${id} answered no row`);
        return result.first;
      } catch (error) {
        const reason = refusalReason(error);
        if (reason === NOTHING_TAKEN) throw new NothingTaken();
        if (reason === NO_FUNDS)
          throw new AppError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_MESSAGE);
        throw error;
      }
    },
  };
}

/** Refuses a movement that is not positive whole cents or whose entries do not balance. */
function assertWhole(input: PostTransactionInput): void {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error(`Ledger amounts are positive whole cents, got ${input.amountCents}`);
  }
  const sum = input.entries.reduce((total, entry) => total + entry.amountCents, 0);
  if (sum !== 0 || input.entries.length < 2) {
    throw new Error(`Unbalanced ledger transaction ${input.kind}: entries sum to ${sum}`);
  }
}

/**
 * Records the movement with its entries; in the same statement, `last` moves its account's
 * balance (refused below zero, as applyEntry). It comes after every other balance the movement
 * moves: recording it writes the user's month in `wallet_ledger_months` (a trigger), and every
 * movement of a business moves its funds, so each takes the business's funds before its month
 * and two movements never wait on each other's (a spend at the counter against a payout did when
 * the month came first).
 */
async function recordTransaction(
  tx: Transaction,
  input: PostTransactionInput,
  last: LedgerEntryInput | undefined,
): Promise<number> {
  // The transaction, its entries and the last balance in one statement (one round trip inside
  // transactions that others may be queued behind). A data-modifying CTE runs whether or not the
  // query reads it.
  const entries = sql.join(
    input.entries.map((entry) => sql`(${entry.account.id}::integer, ${entry.amountCents}::bigint)`),
    sql`, `,
  );
  const applied = last ? moveBalance(last) : sql`select null::integer as id where false`;
  const [created] = await queryRows<{ id: number | string; applied: boolean }>(
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
          ), applied as (${applied})
          select id, exists (select 1 from applied) as applied from created`,
  );
  if (!created) throw new Error('Ledger transaction was not recorded');
  if (last && !created.applied) {
    throw new AppError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_MESSAGE);
  }
  return Number(created.id);
}

/** The entries that move a kept balance (system accounts keep none), in account id order. */
const balancedAccounts = (entries: LedgerEntryInput[]) =>
  entries
    .filter((entry) => entry.account.kind !== 'system')
    .sort((a, b) => a.account.id - b.account.id);

/** The update that adds an entry to its account's running balance, refused below zero. */
const moveBalance = (entry: LedgerEntryInput) =>
  sql`update ${ledgerAccounts} set balance_cents = balance_cents + ${entry.amountCents}::bigint
       where id = ${entry.account.id} and balance_cents + ${entry.amountCents}::bigint >= 0
      returning id`;

/** Adds an entry to its account's running balance. */
async function applyEntry(tx: Transaction, entry: LedgerEntryInput): Promise<void> {
  const updated = await queryRows<{ id: number }>(tx, moveBalance(entry));
  if (updated.length === 0) throw new AppError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_MESSAGE);
}

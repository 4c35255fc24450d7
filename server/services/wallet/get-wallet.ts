import { centsToDollars } from '@shared/money';
import { type Wallet } from '@shared/schema/ledger';
import { type Database } from '../../db/client';
import { getUserFundsBalance } from '../ledger/accounts';
import { listWalletTransactions, summarizeWallet } from './wallet-transactions';

const RECENT_TRANSACTIONS = 5;

/** Balance, activity summary and the most recent movements, all from the ledger. */
export async function getWallet(db: Database, userId: number): Promise<Wallet> {
  const [balanceCents, summary, recent] = await Promise.all([
    getUserFundsBalance(db, userId),
    summarizeWallet(db, userId),
    listWalletTransactions(db, userId, { page: 1, limit: RECENT_TRANSACTIONS }),
  ]);
  return { balance: centsToDollars(balanceCents), summary, transactions: recent.items };
}

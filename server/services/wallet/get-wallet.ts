import { type UserType } from '@shared/constants';
import { centsToDollars } from '@shared/money';
import { type Wallet } from '@shared/schema/ledger';
import { type Database } from '../../db/client';
import { getUserFundsBalance } from '../ledger/accounts';
import { sumUsableCardBalances } from '../gift-cards/list-consumer-gift-cards';
import { listWalletTransactions, summarizeWallet } from './wallet-transactions';

const RECENT_TRANSACTIONS = 5;

/**
 * Balance, activity summary and the most recent movements, all from the ledger. A business's
 * balance is its funds; a consumer's is what their usable gift cards hold.
 */
export async function getWallet(
  db: Database,
  user: { id: number; type: UserType },
): Promise<Wallet> {
  const [balanceCents, summary, recent] = await Promise.all([
    user.type === 'consumer'
      ? sumUsableCardBalances(db, user.id)
      : getUserFundsBalance(db, user.id),
    summarizeWallet(db, user.id),
    listWalletTransactions(db, user.id, { page: 1, limit: RECENT_TRANSACTIONS }),
  ]);
  return { balance: centsToDollars(balanceCents), summary, transactions: recent.items };
}

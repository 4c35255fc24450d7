import { type UserType } from '@shared/constants';
import { centsToDollars } from '@shared/money';
import { type Wallet } from '@shared/schema/ledger';
import { type Database } from '../../db/client';
import { readWalletOverview } from './wallet-transactions';

const RECENT_TRANSACTIONS = 5;

/**
 * Balance, activity summary and the most recent movements, all from the ledger, in one statement.
 * A business's balance is its funds; a consumer's is what their usable gift cards hold.
 */
export async function getWallet(
  db: Database,
  user: { id: number; type: UserType },
): Promise<Wallet> {
  const overview = await readWalletOverview(db, user.id, {
    balance: user.type === 'consumer' ? 'cards' : 'funds',
    recent: RECENT_TRANSACTIONS,
  });
  return {
    balance: centsToDollars(overview.balanceCents),
    summary: overview.summary,
    transactions: overview.items,
  };
}

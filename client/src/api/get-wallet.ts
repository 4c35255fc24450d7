import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Wallet } from '@shared/schema/ledger';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_KEY } from '@/lib/query-client';

/** The signed-in user's balance, activity summary and five most recent transactions. */
export const getWallet = (): Promise<Wallet> => api.get('/wallet');

export const getWalletQueryOptions = () =>
  queryOptions({ queryKey: WALLET_QUERY_KEY, queryFn: getWallet });

export function useWallet() {
  return useQuery(getWalletQueryOptions());
}

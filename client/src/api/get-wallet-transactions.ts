import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type WalletTransaction } from '@shared/schema/ledger';
import { api, type ListPage } from '@/lib/api-client';
import { WALLET_QUERY_KEY } from '@/lib/query-client';

type WalletTransactionsParams = { page: number; limit: number };

/** One page of the signed-in user's ledger, newest first. */
export const getWalletTransactions = ({
  page,
  limit,
}: WalletTransactionsParams): Promise<ListPage<WalletTransaction>> =>
  api.list('/wallet/transactions', { params: { page, limit } });

export const getWalletTransactionsQueryOptions = (params: WalletTransactionsParams) =>
  queryOptions({
    // Under the wallet's key, so anything that moves money refreshes the history as well.
    queryKey: [...WALLET_QUERY_KEY, 'transactions', params],
    queryFn: () => getWalletTransactions(params),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useWalletTransactions(params: WalletTransactionsParams) {
  return useQuery(getWalletTransactionsQueryOptions(params));
}

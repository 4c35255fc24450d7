import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { walletContracts } from '@shared/contracts/wallet';
import { contractQuery } from '@/lib/query-client';

type WalletTransactionsParams = { page: number; limit: number };

/** One page of the signed-in user's ledger, newest first. */
export const getWalletTransactionsQueryOptions = ({ page, limit }: WalletTransactionsParams) =>
  queryOptions({
    ...contractQuery(walletContracts.transactions, { query: { page, limit } }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useWalletTransactions(params: WalletTransactionsParams) {
  return useQuery(getWalletTransactionsQueryOptions(params));
}

import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { chartsContracts } from '@shared/contracts/charts';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { redemptionsContracts } from '@shared/contracts/redemptions';
import { walletContracts } from '@shared/contracts/wallet';
import { contractQuery, invalidate } from '@/lib/query-client';

/** The signed-in user's balance, activity summary and five most recent transactions. */
export const getWalletQueryOptions = () => queryOptions(contractQuery(walletContracts.get));

export function useWallet() {
  return useQuery(getWalletQueryOptions());
}

/**
 * Marks stale everything the wallet shows: the balance and its movements, the cards and their
 * history, a card's counter code (a spend brings a new one with the card as it now is), gifts,
 * gift requests and the gifts chart. Whatever moves value or changes a card calls it, so these
 * screens refresh together.
 */
export function invalidateWallet(queryClient: QueryClient): Promise<void> {
  return invalidate(
    queryClient,
    walletContracts,
    giftCardsContracts.consumerCards,
    giftCardsContracts.gifts,
    giftCardsContracts.issued,
    giftCardsContracts.history,
    giftCardsContracts.requests,
    redemptionsContracts.createCode,
    chartsContracts.gifts,
  );
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { contractQuery } from '@/lib/query-client';

type CardHistoryParams = { cardId: number; page: number; limit: number };

/** A card's history, newest first: its holder's, or a business's that issued or took it. */
export const getCardHistoryQueryOptions = ({ cardId, page, limit }: CardHistoryParams) =>
  queryOptions({
    ...contractQuery(giftCardsContracts.history, {
      params: { id: cardId },
      query: { page, limit },
    }),
    placeholderData: keepPreviousData,
  });

export function useCardHistory(params: CardHistoryParams) {
  return useQuery(getCardHistoryQueryOptions(params));
}

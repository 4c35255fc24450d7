import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { contractQuery } from '@/lib/query-client';

type IssuedGiftCardsParams = { page: number; limit: number };

/** The cards consumers claimed from the signed-in business's pins, newest first. */
export const getIssuedGiftCardsQueryOptions = (params: IssuedGiftCardsParams) =>
  queryOptions({
    ...contractQuery(giftCardsContracts.issued, { query: params }),
    placeholderData: keepPreviousData,
  });

export function useIssuedGiftCards(params: IssuedGiftCardsParams) {
  return useQuery(getIssuedGiftCardsQueryOptions(params));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SavedCard } from '@shared/schema/payments';
import { api } from '@/lib/api-client';

/** The signed-in user's saved cards: Payment Settings, Add Funds and gift payments all read it. */
export const SAVED_CARDS_QUERY_KEY = ['payments', 'cards'] as const;

/** The default card first, then the newest. */
export const getSavedCards = (): Promise<SavedCard[]> => api.get('/payments/cards');

export const getSavedCardsQueryOptions = () =>
  queryOptions({ queryKey: SAVED_CARDS_QUERY_KEY, queryFn: getSavedCards });

/** `enabled: false` for a guest, who has no saved cards to ask for. */
export function useSavedCards({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSavedCardsQueryOptions(), enabled });
}

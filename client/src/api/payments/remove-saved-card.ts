import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { SAVED_CARDS_QUERY_KEY } from './get-saved-cards';

/** Removes one of my saved cards (the newest remaining becomes the default). */
export const removeSavedCard = (id: number): Promise<void> => api.delete(`/payments/cards/${id}`);

type UseRemoveSavedCardOptions = { mutationConfig?: MutationConfig<typeof removeSavedCard> };

export function useRemoveSavedCard({ mutationConfig }: UseRemoveSavedCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: removeSavedCard,
    // Also after a 404 (removed elsewhere): the list shows what is really saved.
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: SAVED_CARDS_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
}

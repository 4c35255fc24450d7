import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SavedCard } from '@shared/schema/payments';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { SAVED_CARDS_QUERY_KEY } from './get-saved-cards';

/** Makes one of my saved cards the one payments offer first. */
export const setDefaultCard = (id: number): Promise<SavedCard> =>
  api.post(`/payments/cards/${id}/default`);

type UseSetDefaultCardOptions = { mutationConfig?: MutationConfig<typeof setDefaultCard> };

export function useSetDefaultCard({ mutationConfig }: UseSetDefaultCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: setDefaultCard,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: SAVED_CARDS_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
}

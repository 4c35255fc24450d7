import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SaveCardInput, type SavedCard } from '@shared/schema/payments';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { SAVED_CARDS_QUERY_KEY } from './get-saved-cards';

/** Saves a card from a token the provider made (the first card saved becomes the default). */
export const saveCard = (input: SaveCardInput): Promise<SavedCard> =>
  api.post('/payments/cards', input);

type UseSaveCardOptions = { mutationConfig?: MutationConfig<typeof saveCard> };

export function useSaveCard({ mutationConfig }: UseSaveCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: saveCard,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: SAVED_CARDS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

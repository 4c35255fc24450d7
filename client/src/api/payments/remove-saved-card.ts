import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentSettingsContracts } from '@shared/contracts/payment-settings';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Removes one of my saved cards (the newest remaining becomes the default). */
export const removeSavedCard = (id: number) =>
  call(paymentSettingsContracts.removeCard, { params: { id } });

type UseRemoveSavedCardOptions = { mutationConfig?: MutationConfig<typeof removeSavedCard> };

export function useRemoveSavedCard({ mutationConfig }: UseRemoveSavedCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: removeSavedCard,
    // Also after a 404 (removed elsewhere): the list shows what is really saved.
    onSettled: (...args) => {
      void invalidate(queryClient, paymentSettingsContracts.cards);
      return onSettled?.(...args);
    },
  });
}

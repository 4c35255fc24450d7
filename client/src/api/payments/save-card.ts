import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentSettingsContracts } from '@shared/contracts/payment-settings';
import { type SaveCardInput } from '@shared/schema/payments';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Saves a card from a token the provider made (the first card saved becomes the default). */
export const saveCard = (input: SaveCardInput) =>
  call(paymentSettingsContracts.saveCard, { body: input });

type UseSaveCardOptions = { mutationConfig?: MutationConfig<typeof saveCard> };

export function useSaveCard({ mutationConfig }: UseSaveCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: saveCard,
    onSuccess: (...args) => {
      void invalidate(queryClient, paymentSettingsContracts.cards);
      return onSuccess?.(...args);
    },
  });
}

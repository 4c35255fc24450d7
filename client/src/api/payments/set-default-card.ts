import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentSettingsContracts } from '@shared/contracts/payment-settings';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Makes one of my saved cards the one payments offer first. */
export const setDefaultCard = (id: number) =>
  call(paymentSettingsContracts.setDefaultCard, { params: { id } });

type UseSetDefaultCardOptions = { mutationConfig?: MutationConfig<typeof setDefaultCard> };

export function useSetDefaultCard({ mutationConfig }: UseSetDefaultCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: setDefaultCard,
    onSettled: (...args) => {
      void invalidate(queryClient, paymentSettingsContracts.cards);
      return onSettled?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Turns down a gift request sent to the signed-in consumer. */
export const declineGiftRequest = ({ requestId }: { requestId: number }) =>
  call(giftCardsContracts.declineRequest, { params: { id: requestId } });

type UseDeclineGiftRequestOptions = { mutationConfig?: MutationConfig<typeof declineGiftRequest> };

export function useDeclineGiftRequest({ mutationConfig }: UseDeclineGiftRequestOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: declineGiftRequest,
    onSuccess: (...args) => {
      void invalidate(queryClient, giftCardsContracts.requests);
      return onSuccess?.(...args);
    },
  });
}

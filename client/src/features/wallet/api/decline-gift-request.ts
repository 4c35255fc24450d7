import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GiftRequest } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { GIFT_REQUESTS_QUERY_KEY } from './get-gift-requests';

/** Turns down a gift request sent to the signed-in consumer. */
export const declineGiftRequest = ({ requestId }: { requestId: number }): Promise<GiftRequest> =>
  api.post(`/gift-cards/requests/${requestId}/decline`);

type UseDeclineGiftRequestOptions = { mutationConfig?: MutationConfig<typeof declineGiftRequest> };

export function useDeclineGiftRequest({ mutationConfig }: UseDeclineGiftRequestOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: declineGiftRequest,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: GIFT_REQUESTS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

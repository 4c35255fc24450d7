import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClaimPinInput, type ClaimResult } from '@shared/schema/gift-cards';
import { MARKETPLACE_QUERY_KEY, WALLET_QUERY_KEY, type MutationConfig } from '@/lib/query-client';
import { api } from '@/lib/api-client';

/**
 * Claims one card from a pin: it lands in the consumer's wallet, and the business gets the
 * consumer's name and e-mail, and their phone when `sharePhone` is true.
 */
export const claimPin = ({
  pinId,
  ...consent
}: { pinId: number } & Required<ClaimPinInput>): Promise<ClaimResult> =>
  api.post(`/pins/${pinId}/claim`, consent);

type UseClaimPinOptions = { mutationConfig?: MutationConfig<typeof claimPin> };

export function useClaimPin({ mutationConfig }: UseClaimPinOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: claimPin,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: MARKETPLACE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      // Sold out, expired or already claimed: the offer list is out of date either way.
      void queryClient.invalidateQueries({ queryKey: MARKETPLACE_QUERY_KEY });
      return onError?.(...args);
    },
  });
}

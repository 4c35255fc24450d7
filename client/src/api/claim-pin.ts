import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { type ClaimPinInput } from '@shared/schema/gift-cards';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';
import { invalidateWallet } from './get-wallet';

/**
 * Claims one card from a pin: it lands in the consumer's wallet, and the business gets the
 * consumer's name and e-mail, and their phone when `sharePhone` is true.
 */
export const claimPin = ({ pinId, ...consent }: { pinId: number } & Required<ClaimPinInput>) =>
  call(giftCardsContracts.claim, { params: { id: pinId }, body: consent });

type UseClaimPinOptions = { mutationConfig?: MutationConfig<typeof claimPin> };

export function useClaimPin({ mutationConfig }: UseClaimPinOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  const invalidateOffers = () =>
    invalidate(queryClient, giftCardsContracts.marketplace, giftCardsContracts.marketplaceBrands);
  return useMutation({
    ...restConfig,
    mutationFn: claimPin,
    onSuccess: (...args) => {
      void invalidateOffers();
      void invalidateWallet(queryClient);
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      // Sold out, expired or already claimed: the offer list is out of date either way.
      void invalidateOffers();
      return onError?.(...args);
    },
  });
}

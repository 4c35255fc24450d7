import { useMutation } from '@tanstack/react-query';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

export type RequestGiftRequest = {
  /** The consumer who is asked. */
  username: string;
  /** A brand id, when the requester has a preference. */
  brand?: string;
  /** Dollars, when the requester names an amount. */
  amount?: number;
  message?: string;
};

/** Asks another consumer for a gift card (they are notified). */
export const requestGift = ({ username, brand, amount, message }: RequestGiftRequest) =>
  call(giftCardsContracts.requestGift, { body: { username, brand, amount, message } });

type UseRequestGiftOptions = { mutationConfig?: MutationConfig<typeof requestGift> };

/** Nothing the requester sees changes (the request shows on the other side), so nothing to refresh. */
export function useRequestGift({ mutationConfig }: UseRequestGiftOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestGift });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandId } from '@shared/constants';
import { type GuestGiftResult } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency';
import { LEADERBOARD_QUERY_KEY, WALLET_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

export type SendGuestGiftRequest = {
  recipientUsername: string;
  brand: BrandId;
  /** Dollars, as the API expects. */
  value: number;
  senderEmail: string;
  /** The same key for every retry of one submission, so a retry issues one card. */
  idempotencyKey: string;
};

/**
 * Issues a new gift card to a consumer from their public profile. Open to guests; with a
 * consumer session the server sends it as that consumer.
 */
export const sendGuestGift = ({
  recipientUsername,
  brand,
  value,
  senderEmail,
  idempotencyKey,
}: SendGuestGiftRequest): Promise<GuestGiftResult> =>
  api.post(
    '/gift-cards/guest',
    { recipientUsername, brand, value, senderEmail },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );

type UseSendGuestGiftOptions = { mutationConfig?: MutationConfig<typeof sendGuestGift> };

export function useSendGuestGift({ mutationConfig }: UseSendGuestGiftOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: sendGuestGift,
    onSuccess: (...args) => {
      // A signed-in consumer's gift counts in their sent gifts and on the leaderboard; for a
      // guest nothing is cached under these keys, so this costs nothing.
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: LEADERBOARD_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pinsContracts } from '@shared/contracts/pins';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { invalidatePinData } from './invalidate-pin-data';

/** Cancels a pin; what was not claimed returns to the business's wallet. */
export const cancelPin = (pinId: number) => call(pinsContracts.cancel, { params: { id: pinId } });

type UseCancelPinOptions = { mutationConfig?: MutationConfig<typeof cancelPin> };

export function useCancelPin({ mutationConfig }: UseCancelPinOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: cancelPin,
    onSuccess: (...args) => {
      void invalidatePinData(queryClient);
      return onSuccess?.(...args);
    },
  });
}

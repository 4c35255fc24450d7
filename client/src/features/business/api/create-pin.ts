import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pinsContracts } from '@shared/contracts/pins';
import { type CreatePinInput } from '@shared/schema/pins';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { invalidatePinData } from './invalidate-pin-data';

/** Drops a pin; showBusinessInfo is sent and really honoured, not just shown. */
export const createPin = (body: CreatePinInput) => call(pinsContracts.create, { body });

type UseCreatePinOptions = { mutationConfig?: MutationConfig<typeof createPin> };

export function useCreatePin({ mutationConfig }: UseCreatePinOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: createPin,
    onSuccess: (...args) => {
      void invalidatePinData(queryClient);
      return onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BusinessPin } from '@shared/schema/pins';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { invalidatePinData } from './invalidate-pin-data';

/** The pin payload plus showBusinessInfo, which is sent and really honoured, not just shown. */
export type CreatePinRequest = {
  brand: string;
  value: number;
  quantity: number;
  radius: number;
  locationId: number;
  lat: number;
  lng: number;
  promotionMessage: string;
  targetIdentifiers: number[];
  showBusinessInfo: boolean;
  /** Days from now until the pin expires. */
  expiresInDays: number;
};

export const createPin = (request: CreatePinRequest): Promise<BusinessPin> =>
  api.post('/pins', request);

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

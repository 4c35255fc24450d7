import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type WalletPinStatus } from '@shared/schema/wallet-pin';
import { WALLET_PIN_QUERY_KEY } from '@/api/get-wallet-pin-status';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Removes the wallet PIN: Use Card then asks for the password (or a code) instead. */
export const removeWalletPin = (): Promise<WalletPinStatus> => api.delete('/user/wallet-pin');

type UseRemoveWalletPinOptions = { mutationConfig?: MutationConfig<typeof removeWalletPin> };

export function useRemoveWalletPin({ mutationConfig }: UseRemoveWalletPinOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: removeWalletPin,
    onSuccess: (...args) => {
      queryClient.setQueryData(WALLET_PIN_QUERY_KEY, args[0]);
      return onSuccess?.(...args);
    },
  });
}

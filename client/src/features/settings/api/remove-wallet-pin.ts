import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletPinContracts } from '@shared/contracts/wallet-pin';
import { getWalletPinStatusQueryOptions } from '@/api/get-wallet-pin-status';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Removes the wallet PIN: Use Card then asks for the password (or a code) instead. */
export const removeWalletPin = () => call(walletPinContracts.remove);

type UseRemoveWalletPinOptions = { mutationConfig?: MutationConfig<typeof removeWalletPin> };

export function useRemoveWalletPin({ mutationConfig }: UseRemoveWalletPinOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: removeWalletPin,
    onSuccess: (...args) => {
      queryClient.setQueryData(getWalletPinStatusQueryOptions().queryKey, args[0]);
      return onSuccess?.(...args);
    },
  });
}

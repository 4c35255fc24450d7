import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletPinContracts } from '@shared/contracts/wallet-pin';
import { type WalletPinSetInput } from '@shared/schema/wallet-pin';
import { getWalletPinStatusQueryOptions } from '@/api/get-wallet-pin-status';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Sets or changes the wallet PIN (the server asks 'Confirm it's you' first when the proof is old). */
export const setWalletPin = (input: WalletPinSetInput) =>
  call(walletPinContracts.set, { body: input });

type UseSetWalletPinOptions = { mutationConfig?: MutationConfig<typeof setWalletPin> };

export function useSetWalletPin({ mutationConfig }: UseSetWalletPinOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: setWalletPin,
    onSuccess: (...args) => {
      queryClient.setQueryData(getWalletPinStatusQueryOptions().queryKey, args[0]);
      return onSuccess?.(...args);
    },
  });
}

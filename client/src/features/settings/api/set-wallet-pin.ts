import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type WalletPinSetInput, type WalletPinStatus } from '@shared/schema/wallet-pin';
import { WALLET_PIN_QUERY_KEY } from '@/api/get-wallet-pin-status';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Sets or changes the wallet PIN (the server asks 'Confirm it's you' first when the proof is old). */
export const setWalletPin = (input: WalletPinSetInput): Promise<WalletPinStatus> =>
  api.put('/user/wallet-pin', input);

type UseSetWalletPinOptions = { mutationConfig?: MutationConfig<typeof setWalletPin> };

export function useSetWalletPin({ mutationConfig }: UseSetWalletPinOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: setWalletPin,
    onSuccess: (...args) => {
      queryClient.setQueryData(WALLET_PIN_QUERY_KEY, args[0]);
      return onSuccess?.(...args);
    },
  });
}

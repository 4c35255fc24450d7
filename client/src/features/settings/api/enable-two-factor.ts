import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorContracts } from '@shared/contracts/two-factor';
import { type TwoFactorEnableInput } from '@shared/schema/two-factor';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Turns two-factor on with the first code from the app; answers the recovery codes, once. */
export const enableTwoFactor = (input: TwoFactorEnableInput) =>
  call(twoFactorContracts.enable, { body: input });

type UseEnableTwoFactorOptions = { mutationConfig?: MutationConfig<typeof enableTwoFactor> };

export function useEnableTwoFactor({ mutationConfig }: UseEnableTwoFactorOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: enableTwoFactor,
    onSuccess: (...args) => {
      void invalidate(queryClient, twoFactorContracts.status);
      return onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorContracts } from '@shared/contracts/two-factor';
import { type TwoFactorChangeInput } from '@shared/schema/two-factor';
import { getTwoFactorStatusQueryOptions } from '@/api/get-two-factor-status';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Turns two-factor off: the password and a code (or a recovery code). */
export const disableTwoFactor = (input: TwoFactorChangeInput) =>
  call(twoFactorContracts.disable, { body: input });

type UseDisableTwoFactorOptions = { mutationConfig?: MutationConfig<typeof disableTwoFactor> };

export function useDisableTwoFactor({ mutationConfig }: UseDisableTwoFactorOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: disableTwoFactor,
    onSuccess: (...args) => {
      queryClient.setQueryData(getTwoFactorStatusQueryOptions().queryKey, args[0]);
      return onSuccess?.(...args);
    },
  });
}

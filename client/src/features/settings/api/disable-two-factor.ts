import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TwoFactorChangeInput, type TwoFactorStatus } from '@shared/schema/two-factor';
import { TWO_FACTOR_QUERY_KEY } from '@/api/get-two-factor-status';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Turns two-factor off: the password and a code (or a recovery code). */
export const disableTwoFactor = (input: TwoFactorChangeInput): Promise<TwoFactorStatus> =>
  api.post('/user/two-factor/disable', input);

type UseDisableTwoFactorOptions = { mutationConfig?: MutationConfig<typeof disableTwoFactor> };

export function useDisableTwoFactor({ mutationConfig }: UseDisableTwoFactorOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: disableTwoFactor,
    onSuccess: (...args) => {
      queryClient.setQueryData(TWO_FACTOR_QUERY_KEY, args[0]);
      return onSuccess?.(...args);
    },
  });
}

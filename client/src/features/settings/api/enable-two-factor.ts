import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RecoveryCodes, type TwoFactorEnableInput } from '@shared/schema/two-factor';
import { TWO_FACTOR_QUERY_KEY } from '@/api/get-two-factor-status';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Turns two-factor on with the first code from the app; answers the recovery codes, once. */
export const enableTwoFactor = (input: TwoFactorEnableInput): Promise<RecoveryCodes> =>
  api.post('/user/two-factor/enable', input);

type UseEnableTwoFactorOptions = { mutationConfig?: MutationConfig<typeof enableTwoFactor> };

export function useEnableTwoFactor({ mutationConfig }: UseEnableTwoFactorOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: enableTwoFactor,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

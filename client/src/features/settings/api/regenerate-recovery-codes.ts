import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RecoveryCodes, type TwoFactorChangeInput } from '@shared/schema/two-factor';
import { TWO_FACTOR_QUERY_KEY } from '@/api/get-two-factor-status';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** New recovery codes (the old ones stop working): the password and a code first. */
export const regenerateRecoveryCodes = (input: TwoFactorChangeInput): Promise<RecoveryCodes> =>
  api.post('/user/two-factor/recovery-codes', input);

type UseRegenerateRecoveryCodesOptions = {
  mutationConfig?: MutationConfig<typeof regenerateRecoveryCodes>;
};

export function useRegenerateRecoveryCodes({
  mutationConfig,
}: UseRegenerateRecoveryCodesOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: regenerateRecoveryCodes,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorContracts } from '@shared/contracts/two-factor';
import { type TwoFactorChangeInput } from '@shared/schema/two-factor';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** New recovery codes (the old ones stop working): the password and a code first. */
export const regenerateRecoveryCodes = (input: TwoFactorChangeInput) =>
  call(twoFactorContracts.recoveryCodes, { body: input });

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
      void invalidate(queryClient, twoFactorContracts.status);
      return onSuccess?.(...args);
    },
  });
}

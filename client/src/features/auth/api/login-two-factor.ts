import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { type SecondFactorInput } from '@shared/schema/two-factor';
import { getUserQueryOptions } from '@/api/get-user';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** The second step of a sign-in with two-factor on: an authentication code or a recovery code. */
export const loginTwoFactor = (input: SecondFactorInput) =>
  call(authContracts.loginTwoFactor, { body: input });

type UseLoginTwoFactorOptions = { mutationConfig?: MutationConfig<typeof loginTwoFactor> };

export function useLoginTwoFactor({ mutationConfig }: UseLoginTwoFactorOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: loginTwoFactor,
    onSuccess: (...args) => {
      // Signed in at once, then confirmed by a fresh GET /api/user, as after the password.
      queryClient.setQueryData(getUserQueryOptions().queryKey, args[0]);
      void invalidate(queryClient, authContracts.user);
      return onSuccess?.(...args);
    },
  });
}

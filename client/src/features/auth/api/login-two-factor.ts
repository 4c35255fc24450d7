import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SecondFactorInput } from '@shared/schema/two-factor';
import { type CurrentUser } from '@shared/schema/users';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

/** The second step of a sign-in with two-factor on: an authentication code or a recovery code. */
export const loginTwoFactor = (input: SecondFactorInput): Promise<CurrentUser> =>
  api.post('/login/two-factor', input);

type UseLoginTwoFactorOptions = { mutationConfig?: MutationConfig<typeof loginTwoFactor> };

export function useLoginTwoFactor({ mutationConfig }: UseLoginTwoFactorOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: loginTwoFactor,
    onSuccess: (...args) => {
      // Signed in at once, then confirmed by a fresh GET /api/user, as after the password.
      queryClient.setQueryData(USER_QUERY_KEY, args[0]);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

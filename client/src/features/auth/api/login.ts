import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { type ContractAnswer } from '@shared/contract';
import { type TwoFactorChallenge } from '@shared/schema/two-factor';
import { type LoginInput } from '@shared/schema/users';
import { getUserQueryOptions } from '@/api/get-user';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/**
 * The identifier is trimmed; nothing else is checked on the client: the server answers for it.
 * 'Keep me signed in' is sent only when chosen (the server's default is not to).
 * The answer is the user, or (202, two-factor on) the challenge of the code step.
 */
export const login = ({ identifier, password, remember }: LoginInput) =>
  call(authContracts.login, {
    body: {
      identifier: identifier.trim(),
      password,
      ...(remember === true && { remember: true }),
    },
  });

/** The password was right and the account has two-factor on: the code step comes next. */
export const isTwoFactorChallenge = (
  result: ContractAnswer<typeof authContracts.login>,
): result is TwoFactorChallenge => 'twoFactorRequired' in result;

type UseLoginOptions = { mutationConfig?: MutationConfig<typeof login> };

export function useLogin({ mutationConfig }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: login,
    onSuccess: (...args) => {
      // Signed in at once, then confirmed by a fresh GET /api/user (not yet with a code to come).
      if (!isTwoFactorChallenge(args[0])) {
        queryClient.setQueryData(getUserQueryOptions().queryKey, args[0]);
        void invalidate(queryClient, authContracts.user);
      }
      return onSuccess?.(...args);
    },
  });
}

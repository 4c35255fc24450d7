import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TwoFactorChallenge } from '@shared/schema/two-factor';
import { type CurrentUser, type LoginInput } from '@shared/schema/users';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

/**
 * The identifier is trimmed; nothing else is checked on the client: the server answers for it.
 * 'Keep me signed in' is sent only when chosen (the server's default is not to).
 */
export const login = ({
  identifier,
  password,
  remember,
}: LoginInput): Promise<CurrentUser | TwoFactorChallenge> =>
  api.post('/login', {
    identifier: identifier.trim(),
    password,
    ...(remember === true && { remember: true }),
  });

/** The password was right and the account has two-factor on: the code step comes next. */
export const isTwoFactorChallenge = (
  result: CurrentUser | TwoFactorChallenge,
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
        queryClient.setQueryData(USER_QUERY_KEY, args[0]);
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      }
      return onSuccess?.(...args);
    },
  });
}

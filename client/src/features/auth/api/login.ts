import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CurrentUser, type LoginInput } from '@shared/schema/users';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

/**
 * The identifier is trimmed; nothing else is checked on the client: the server answers for it.
 * 'Keep me signed in' is sent only when chosen (the server's default is not to).
 */
export const login = ({ identifier, password, remember }: LoginInput): Promise<CurrentUser> =>
  api.post('/login', {
    identifier: identifier.trim(),
    password,
    ...(remember === true && { remember: true }),
  });

type UseLoginOptions = { mutationConfig?: MutationConfig<typeof login> };

export function useLogin({ mutationConfig }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: login,
    onSuccess: (...args) => {
      // Signed in at once, then confirmed by a fresh GET /api/user.
      queryClient.setQueryData(USER_QUERY_KEY, args[0]);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

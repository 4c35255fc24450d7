import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CurrentUser, type Registration } from '@shared/schema/users';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

export const register = (input: Registration): Promise<CurrentUser> => api.post('/register', input);

type UseRegisterOptions = { mutationConfig?: MutationConfig<typeof register> };

export function useRegister({ mutationConfig }: UseRegisterOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: register,
    onSuccess: (...args) => {
      // Registration signs the new user in; confirm with a fresh GET /api/user.
      queryClient.setQueryData(USER_QUERY_KEY, args[0]);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PasswordChange } from '@shared/schema/account';
import { type MessageResult } from '@shared/schema/users';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** Changes the password (the current one is checked); every other session ends. */
export const changePassword = (input: PasswordChange): Promise<MessageResult> =>
  api.put('/user/password', input);

type UseChangePasswordOptions = { mutationConfig?: MutationConfig<typeof changePassword> };

export function useChangePassword({ mutationConfig }: UseChangePasswordOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: changePassword,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

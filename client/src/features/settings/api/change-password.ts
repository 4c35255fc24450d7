import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountContracts } from '@shared/contracts/account';
import { type PasswordChange } from '@shared/schema/account';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Changes the password (the current one is checked); every other session ends. */
export const changePassword = (input: PasswordChange) =>
  call(accountContracts.changePassword, { body: input });

type UseChangePasswordOptions = { mutationConfig?: MutationConfig<typeof changePassword> };

export function useChangePassword({ mutationConfig }: UseChangePasswordOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: changePassword,
    onSuccess: (...args) => {
      void invalidate(queryClient, accountContracts.sessions);
      return onSuccess?.(...args);
    },
  });
}

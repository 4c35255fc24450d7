import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { type Registration } from '@shared/schema/users';
import { getUserQueryOptions } from '@/api/get-user';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

export const register = (input: Registration) => call(authContracts.register, { body: input });

type UseRegisterOptions = { mutationConfig?: MutationConfig<typeof register> };

export function useRegister({ mutationConfig }: UseRegisterOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: register,
    onSuccess: (...args) => {
      // Registration signs the new user in; confirm with a fresh GET /api/user.
      queryClient.setQueryData(getUserQueryOptions().queryKey, args[0]);
      void invalidate(queryClient, authContracts.user);
      return onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountContracts } from '@shared/contracts/account';
import { authContracts } from '@shared/contracts/auth';
import { type PasswordResetConfirm, type PasswordResetNeedsSignIn } from '@shared/schema/account';
import { type ContractAnswer } from '@shared/contract';
import { getUserQueryOptions } from '@/api/get-user';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Signed in as the account, or (202, two-factor on) asked to sign in with the new password. */
export type ResetPasswordResult = ContractAnswer<typeof accountContracts.resetPassword>;

export const needsSignIn = (result: ResetPasswordResult): result is PasswordResetNeedsSignIn =>
  'twoFactorRequired' in result;

export const resetPassword = (input: PasswordResetConfirm) =>
  call(accountContracts.resetPassword, { body: input });

type UseResetPasswordOptions = { mutationConfig?: MutationConfig<typeof resetPassword> };

export function useResetPassword({ mutationConfig }: UseResetPasswordOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: resetPassword,
    onSuccess: (...args) => {
      // Every session of the account ended; this browser is signed in only when it says so.
      const [result] = args;
      queryClient.setQueryData(getUserQueryOptions().queryKey, needsSignIn(result) ? null : result);
      void invalidate(queryClient, authContracts.user);
      return onSuccess?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PasswordResetConfirm, type PasswordResetNeedsSignIn } from '@shared/schema/account';
import { type CurrentUser } from '@shared/schema/users';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

/** Signed in as the account, or (two-factor on) asked to sign in with the new password. */
export type ResetPasswordResult = CurrentUser | PasswordResetNeedsSignIn;

export const needsSignIn = (result: ResetPasswordResult): result is PasswordResetNeedsSignIn =>
  'twoFactorRequired' in result;

export const resetPassword = (input: PasswordResetConfirm): Promise<ResetPasswordResult> =>
  api.post('/password-reset/confirm', input);

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
      queryClient.setQueryData(USER_QUERY_KEY, needsSignIn(result) ? null : result);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}

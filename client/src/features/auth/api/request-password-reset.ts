import { useMutation } from '@tanstack/react-query';
import { type PasswordResetRequest } from '@shared/schema/account';
import { type MessageResult } from '@shared/schema/users';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** The answer is the same whether or not an account uses the address. */
export const requestPasswordReset = (input: PasswordResetRequest): Promise<MessageResult> =>
  api.post('/password-reset', input);

type UseRequestPasswordResetOptions = {
  mutationConfig?: MutationConfig<typeof requestPasswordReset>;
};

export function useRequestPasswordReset({ mutationConfig }: UseRequestPasswordResetOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
}

import { useMutation } from '@tanstack/react-query';
import { accountContracts } from '@shared/contracts/account';
import { type PasswordResetRequest } from '@shared/schema/account';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** The answer is the same whether or not an account uses the address. */
export const requestPasswordReset = (input: PasswordResetRequest) =>
  call(accountContracts.requestPasswordReset, { body: input });

type UseRequestPasswordResetOptions = {
  mutationConfig?: MutationConfig<typeof requestPasswordReset>;
};

export function useRequestPasswordReset({ mutationConfig }: UseRequestPasswordResetOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
}

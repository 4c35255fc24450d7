import { useMutation } from '@tanstack/react-query';
import { type ConfirmIdentityInput, type IdentityConfirmed } from '@shared/schema/two-factor';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Proves again who the person is (password or authentication code) before money moves. */
export const confirmIdentity = (input: ConfirmIdentityInput): Promise<IdentityConfirmed> =>
  api.post('/user/confirm-identity', input);

type UseConfirmIdentityOptions = { mutationConfig?: MutationConfig<typeof confirmIdentity> };

export function useConfirmIdentity({ mutationConfig }: UseConfirmIdentityOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: confirmIdentity });
}

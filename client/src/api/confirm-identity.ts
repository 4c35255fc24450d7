import { useMutation } from '@tanstack/react-query';
import { twoFactorContracts } from '@shared/contracts/two-factor';
import { type ConfirmIdentityInput } from '@shared/schema/two-factor';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Proves again who the person is (password or authentication code) before money moves. */
export const confirmIdentity = (input: ConfirmIdentityInput) =>
  call(twoFactorContracts.confirmIdentity, { body: input });

type UseConfirmIdentityOptions = { mutationConfig?: MutationConfig<typeof confirmIdentity> };

export function useConfirmIdentity({ mutationConfig }: UseConfirmIdentityOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: confirmIdentity });
}

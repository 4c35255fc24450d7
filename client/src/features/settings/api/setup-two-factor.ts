import { useMutation } from '@tanstack/react-query';
import { twoFactorContracts } from '@shared/contracts/two-factor';
import { type TwoFactorSetupInput } from '@shared/schema/two-factor';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** A new secret after the password: two-factor stays off until a code from it is confirmed. */
export const setupTwoFactor = (input: TwoFactorSetupInput) =>
  call(twoFactorContracts.setup, { body: input });

type UseSetupTwoFactorOptions = { mutationConfig?: MutationConfig<typeof setupTwoFactor> };

export function useSetupTwoFactor({ mutationConfig }: UseSetupTwoFactorOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: setupTwoFactor });
}

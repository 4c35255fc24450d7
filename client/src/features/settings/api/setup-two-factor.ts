import { useMutation } from '@tanstack/react-query';
import { type TwoFactorSetupInput, type TwoFactorSetupResult } from '@shared/schema/two-factor';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** A new secret after the password: two-factor stays off until a code from it is confirmed. */
export const setupTwoFactor = (input: TwoFactorSetupInput): Promise<TwoFactorSetupResult> =>
  api.post('/user/two-factor/setup', input);

type UseSetupTwoFactorOptions = { mutationConfig?: MutationConfig<typeof setupTwoFactor> };

export function useSetupTwoFactor({ mutationConfig }: UseSetupTwoFactorOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: setupTwoFactor });
}

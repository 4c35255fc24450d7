import { useMutation } from '@tanstack/react-query';
import { settingsContracts } from '@shared/contracts/settings';
import { type EmailChangeRequest } from '@shared/schema/profile-settings';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Sends a confirmation link to the new address; the sign-in e-mail changes when it is followed. */
export const requestEmailChange = (input: EmailChangeRequest) =>
  call(settingsContracts.requestEmailChange, { body: input });

type UseRequestEmailChangeOptions = { mutationConfig?: MutationConfig<typeof requestEmailChange> };

export function useRequestEmailChange({ mutationConfig }: UseRequestEmailChangeOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestEmailChange });
}

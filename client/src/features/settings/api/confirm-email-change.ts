import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { settingsContracts } from '@shared/contracts/settings';
import { type EmailChangeConfirm } from '@shared/schema/profile-settings';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Follows the link of an e-mail change (the token is the proof; no session needed). */
export const confirmEmailChange = (input: EmailChangeConfirm) =>
  call(settingsContracts.confirmEmailChange, { body: input });

type UseConfirmEmailChangeOptions = { mutationConfig?: MutationConfig<typeof confirmEmailChange> };

export function useConfirmEmailChange({ mutationConfig }: UseConfirmEmailChangeOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: confirmEmailChange,
    onSuccess: (...args) => {
      // Signed in here too: the account's e-mail is now the new one.
      void invalidate(queryClient, authContracts.user, settingsContracts.get);
      return onSuccess?.(...args);
    },
  });
}
